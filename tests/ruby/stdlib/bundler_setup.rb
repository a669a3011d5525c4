# bundler (its `require "rubygems/specification"` boots rubygems first):
# `bundler/setup` resolves a Gemfile of bundled gems locally, writes the
# lock file, and puts exactly those gems on $LOAD_PATH.
require "tmpdir"
Dir.mktmpdir do |dir|
  gemfile = File.join(dir, "Gemfile")
  File.write(gemfile, <<~G)
    source "https://rubygems.org"
    gem "minitest", "~> 5.15"
    gem "rake"
  G
  ENV["BUNDLE_GEMFILE"] = gemfile
  require "bundler/setup"
  p Bundler::VERSION, Bundler.root.to_s == dir
  p Gem.loaded_specs.values_at("minitest", "rake").map { |s| s.version.to_s }
  p $LOAD_PATH.grep(%r{/gems/(minitest|rake)-}).map { |d| d[%r{gems/(.*)}, 1] }.sort
  require "minitest"
  p Minitest::VERSION
  puts File.read(gemfile + ".lock")
  p Bundler.definition.dependencies.map(&:name)
  begin
    gem "test-unit"
  rescue Gem::LoadError => e
    puts e.message.lines.first
  end
end
