# def with rescue/else/ensure clauses, and do...end blocks with rescue
def parse(s)
  Integer(s)
rescue ArgumentError
  :bad
else
  :good
ensure
  puts "parsed #{s.inspect}"
end
p parse("12")
p parse("x")
r = [1, 0, 2].map do |d|
  10 / d
rescue ZeroDivisionError => e
  e.message
end
p r
l = lambda do
  raise "in lambda"
rescue => e
  "lambda rescued #{e.message}"
end
p l.call
def multi_rescue(x)
  raise x
rescue TypeError, ArgumentError => e
  "type-or-arg #{e.class}"
rescue *[KeyError, IndexError] => e
  "splat list #{e.class}"
rescue StandardError
  "standard"
end
p multi_rescue(TypeError), multi_rescue(ArgumentError), multi_rescue(KeyError)
p multi_rescue(StopIteration), multi_rescue(RuntimeError)
