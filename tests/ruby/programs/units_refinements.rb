# Units-of-measure library with refinements, coercion and Comparable
module Units
  class IncompatibleUnits < StandardError
    def initialize(a, b)
      super("cannot combine #{a} with #{b}")
    end
  end

  DIMENSIONS = {
    m: [:length, 1r], km: [:length, 1000r], cm: [:length, 1/100r], mi: [:length, 1609.344r],
    s: [:time, 1r], min: [:time, 60r], h: [:time, 3600r],
    g: [:mass, 1/1000r], kg: [:mass, 1r]
  }.freeze

  class Quantity
    include Comparable
    attr_reader :value, :unit

    def initialize(value, unit)
      raise ArgumentError, "unknown unit #{unit.inspect}" unless DIMENSIONS.key?(unit)
      @value = value
      @unit = unit
      freeze
    end

    def dimension = DIMENSIONS.fetch(unit).first
    def factor = DIMENSIONS.fetch(unit).last
    def base_value = value * factor

    def to(other_unit)
      dim, f = DIMENSIONS.fetch(other_unit) { raise ArgumentError, "unknown unit #{other_unit.inspect}" }
      raise IncompatibleUnits.new(unit, other_unit) unless dim == dimension
      Quantity.new(base_value / f, other_unit)
    end

    def +(other)
      other = coerce_quantity(other)
      raise IncompatibleUnits.new(unit, other.unit) unless other.dimension == dimension
      Quantity.new(value + other.to(unit).value, unit)
    end

    def -(other) = self + (-other)
    def -@ = Quantity.new(-value, unit)

    def *(scalar)
      raise TypeError, "can't multiply by #{scalar.class}" unless scalar.is_a?(Numeric)
      Quantity.new(value * scalar, unit)
    end

    def <=>(other)
      return nil unless other.is_a?(Quantity) && other.dimension == dimension
      base_value <=> other.base_value
    end

    def coerce(num)
      [Quantity.new(num, unit), self]
    end

    def hash = [dimension, base_value].hash
    def eql?(other) = other.is_a?(Quantity) && (self <=> other) == 0

    def to_s
      v = value.is_a?(Rational) && value.denominator == 1 ? value.to_i : value
      v = v.round(3).to_f if v.is_a?(Rational)
      "#{v} #{unit}"
    end
    alias inspect to_s

    private

    def coerce_quantity(other)
      case other
      when Quantity then other
      when Numeric then Quantity.new(other, unit)
      else raise TypeError, "#{other.class} can't be coerced into Quantity"
      end
    end
  end

  refine Numeric do
    DIMENSIONS.each_key do |u|
      define_method(u) { Quantity.new(self.rationalize, u) }
    end
  end
end

module Report
  using Units

  def self.run
    legs = [5.km, 1200.m, 3.mi, 250.cm]
    total = legs.reduce(:+)
    puts "total: #{total}"
    puts "in miles: #{total.to(:mi)}"
    puts "sorted: #{legs.sort.map(&:to_s).join(', ')}"
    puts "max: #{legs.max}, min: #{legs.min}"
    puts "clamp: #{2.km.clamp(1.km, 1500.m)}"
    puts "between: #{1.mi.between?(1.km, 2.km)}"
    times = [90.min, 1.h, 5400.s]
    puts "uniq times: #{times.uniq.inspect}"
    puts "tally: #{times.map(&:to_s).tally}"
    begin
      5.km + 3.kg
    rescue Units::IncompatibleUnits => e
      puts "error: #{e.message} (#{e.class.ancestors.take(3).join(' < ')})"
    end
    begin
      2.km * "x"
    rescue TypeError => e
      puts "type error: #{e.message}"
    end
    p(1.km == 1000.m, 1.km.eql?(1000.m), 1.km.equal?(1.km))
    p 1.km <=> 3.kg
    begin
      1.km < 3.kg
    rescue ArgumentError => e
      puts "compare: #{e.message}"
    end
    speed = legs.sum(0.m).value / times.first.to(:h).value
    puts "speed: #{speed.round(2).to_f} #{total.unit}/h"
    puts (10 - 2.km rescue "coerce: #{$!.class}: #{$!.message}")
    puts((10 + 2.km).to_s)
    h = { 1.km => :a }
    h[1000.m] = :b
    p h.size, h
  end
end

Report.run
p 5.respond_to?(:km)
begin
  5.km
rescue NoMethodError => e
  puts "outside refinement: #{e.message}"
end
puts Units::Quantity.instance_method(:to).arity
puts Units::Quantity.new(1, :m).frozen?
begin
  Units::Quantity.new(1, :parsec)
rescue ArgumentError => e
  puts e.message
end
