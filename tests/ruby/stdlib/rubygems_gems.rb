# rubygems over the installed gem directories: Gem is defined from the
# start, `gem` activates a bundled gem, a require that no $LOAD_PATH
# directory answers activates the gem that has the file.
p defined?(Gem)
p Gem::VERSION
p Gem::Version.new("1.2.3") <=> Gem::Version.new("1.10")
p Gem::Version.new("2.0.0.pre1").prerelease?
p Gem::Requirement.new("~> 5.0").satisfied_by?(Gem::Version.new("5.15.0"))
p Gem::Requirement.new(">= 1", "< 2").to_s

begin
  require "no_such_library_here"
rescue LoadError => e
  p e.class, e.message, e.path
end

p $LOAD_PATH.any? { |d| d.include?("minitest-") }
gem "minitest"
p Gem.loaded_specs["minitest"].version.to_s
p $LOAD_PATH.any? { |d| d.include?("minitest-5.15.0/lib") }

spec = Gem::Specification.find_by_name("rake")
p spec.name, spec.version.to_s, spec.executables
p File.basename(Gem.activate_bin_path("rake", "rake"))

begin
  gem "minitest", ">= 99"
rescue Gem::LoadError => e
  p e.class
  puts e.message.lines.first
end

begin
  Gem::Specification.find_by_name("no_such_gem_here")
rescue Gem::MissingSpecError => e
  p e.class
  puts e.message.lines.first
end

require "matrix"
p Matrix[[1, 2], [3, 4]].determinant
p Gem.loaded_specs.key?("matrix")
