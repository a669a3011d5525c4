# autoload: a constant registered with a feature is loaded by the first
# lookup that finds nothing (lexical, scoped, const_get), once; defined?,
# const_defined?, constants and autoload? see it before it is loaded;
# a failed load keeps the registration.
require "tmpdir"

Dir.mktmpdir do |dir|
  File.write(File.join(dir, "shape_lib.rb"), <<~RUBY)
    puts "loading shape_lib"
    class Shape
      def area = 42
    end
  RUBY
  File.write(File.join(dir, "geo_point.rb"), <<~RUBY)
    puts "loading geo_point"
    module Geo
      class Point
        def self.origin = [0, 0]
      end
    end
  RUBY
  File.write(File.join(dir, "empty_lib.rb"), "puts 'loading empty_lib'\n")
  $LOAD_PATH.unshift(dir)

  autoload :Shape, "shape_lib"
  p autoload?(:Shape)
  p Object.autoload?(:Shape)
  p defined?(Shape)
  p Object.const_defined?(:Shape)
  p Object.constants.include?(:Shape)
  def area_of = Shape.new.area
  p area_of
  p area_of
  p autoload?(:Shape)

  module Geo
    autoload :Point, "geo_point"
    def self.origin = Point.origin
  end
  p Geo.autoload?(:Point)
  p Geo.constants
  p Geo::Point.origin
  p Geo.origin
  p Geo.autoload?(:Point)

  module Lazy
    autoload :Thing, "empty_lib"
  end
  begin
    Lazy::Thing
  rescue NameError => e
    p e.class, e.message
  end
  p Lazy.autoload?(:Thing)

  autoload :Missing, "no_such_feature_for_autoload"
  2.times do
    Missing
  rescue LoadError => e
    p e.class, e.message
  end
  p autoload?(:Missing)

  module Again
    autoload :Vanished, "shape_lib"
  end
  p Again.const_get(:Vanished) rescue p $!.class

  begin
    autoload :lower, "x"
  rescue NameError => e
    p e.message.lines.first.chomp
  end
  begin
    autoload :Empty, ""
  rescue ArgumentError => e
    p e.message
  end
  class Shape; end
  autoload :Shape, "never_loaded"
  p autoload?(:Shape)
end
