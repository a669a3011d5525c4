# respond_to: respond_to? on several classes, for present, missing,
# private and respond_to_missing? names.
# Measures: respond_to? lookup, negative caching of missing names.
# bench-size: 8000000
# bench-quick: 50000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 8_000_000).to_i

class Duck
  def quack; end
  def walk; end
end

class Robot
  def walk; end

  private

  def quack; end
end

class Ghost
  def respond_to_missing?(name, include_private = false)
    name == :quack || super
  end
end

class Mallard < Duck
  def fly; end
end

objects = [Duck.new, Robot.new, Ghost.new, Mallard.new, 42, "str", nil]
names = [:quack, :walk, :fly, :swim, :to_s]
counts = Array.new(names.size, 0)
i = 0
while i < n
  obj = objects[i % 7]
  k = i % 5
  counts[k] += 1 if obj.respond_to?(names[k])
  i += 1
end

names.each_with_index { |name, j| puts "#{name}: #{counts[j]}" }
puts "private quack visible: #{Robot.new.respond_to?(:quack, true)}"
