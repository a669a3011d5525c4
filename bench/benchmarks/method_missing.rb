# method_missing: calls that land in method_missing (dynamic finders and a
# delegating proxy), mixed with ordinary calls.
# Measures: the method_missing call path and its negative caching.
# bench-size: 2000000
# bench-quick: 30000
n = (ARGV[0] || ENV['BENCH_SIZE'] || 2_000_000).to_i

class Record
  def initialize(id)
    @id = id
    @attrs = { name: "r#{id}", size: id * 3, color: id % 5 }
  end

  def method_missing(name, *args)
    if name == :find_by_name || name == :find_by_size || name == :find_by_color
      @attrs[name == :find_by_name ? :name : (name == :find_by_size ? :size : :color)]
    else
      super
    end
  end

  def respond_to_missing?(name, include_private = false)
    name.to_s.start_with?("find_by_") || super
  end

  def id
    @id
  end
end

class Proxy
  def initialize(target)
    @target = target
  end

  def method_missing(name, *args, &block)
    @target.__send__(name, *args, &block)
  end

  def respond_to_missing?(name, include_private = false)
    @target.respond_to?(name, include_private)
  end
end

records = Array.new(16) { |i| Record.new(i) }
proxies = records.map { |r| Proxy.new(r) }
sum = 0
i = 0
while i < n
  r = records[i & 15]
  sum += r.find_by_size
  sum += r.find_by_color
  sum += proxies[i & 15].id
  i += 1
end
puts "sum=#{sum}"
puts records[3].find_by_name
puts proxies[5].find_by_name
begin
  records[0].no_such_thing
rescue NoMethodError => e
  puts "NoMethodError: #{e.name}"
end
puts proxies[1].respond_to?(:find_by_color)
