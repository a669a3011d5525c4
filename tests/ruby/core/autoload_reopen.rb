require "tmpdir"
dir = Dir.mktmpdir("carmine-autoload")
File.write("#{dir}/al_widget.rb", "module App; class Widget; def self.loaded = :widget; end; end\n")
File.write("#{dir}/al_tools.rb", "module App; module Tools; def self.loaded = :tools; end; end\n")
File.write("#{dir}/al_never.rb", "raise 'should not load'\n")
File.write("#{dir}/al_self.rb", "module App; autoload :Selfish, __FILE__; class Selfish; end; end\n")
File.write("#{dir}/al_path.rb", "module App; Pathy = :pathy; end\n")
module App; end
App.autoload :Widget, "#{dir}/al_widget.rb"
App.autoload :Tools, "#{dir}/al_tools.rb"
App.autoload :Never, "#{dir}/al_never.rb"
p App.autoload?(:Widget) == "#{dir}/al_widget.rb", App.const_defined?(:Widget), App.constants.sort
module App
  class Widget
    def self.extra = :extra
  end
  module Tools; end
end
p App::Widget.loaded, App::Widget.extra, App::Tools.loaded, App.autoload?(:Widget)
p App.send(:remove_const, :Never), App.autoload?(:Never), App.const_defined?(:Never)
pth = Object.new
pth.define_singleton_method(:to_path) { "#{dir}/al_path.rb" }
App.autoload :Pathy, pth
p App::Pathy
frozen = Module.new.freeze
begin
  frozen.autoload :X, "x"
rescue => e
  p e.class
end
begin
  App.autoload :lower, "x"
rescue NameError => e
  p e.message
end
require "#{dir}/al_self.rb"
p App::Selfish.class
Dir.glob("#{dir}/*").each { File.delete(_1) }
Dir.rmdir(dir)
