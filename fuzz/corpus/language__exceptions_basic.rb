# begin/rescue/else/ensure ordering and return values
def try(x)
  puts "start #{x}"
  r = begin
    raise ArgumentError, "bad #{x}" if x == 1
    raise TypeError, "type #{x}" if x == 2
    :body_value
  rescue ArgumentError => e
    puts "rescued #{e.class}: #{e.message}"
    :rescue_value
  else
    puts "else branch"
    :else_value
  ensure
    puts "ensure #{x}"
    :ensure_value_ignored
  end
  p r
rescue TypeError => e
  puts "outer rescue #{e.message}"
end
try(0)
try(1)
try(2)
def ens_return
  return :from_body
ensure
  puts "ensure runs on return"
end
p ens_return
def ens_override
  return 1
ensure
  return 2
end
p ens_override
x = begin
  Integer("zz")
rescue
  -1
end
p x
y = (raise "boom" rescue "modifier rescued")
p y
