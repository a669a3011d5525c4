# catch/throw with values, nesting, and UncaughtThrowError
r = catch(:done) do
  10.times do |i|
    10.times do |j|
      throw :done, [i, j] if i * j == 12
    end
  end
  :not_found
end
p r
p catch(:x) { 42 }
p catch(:x) { throw :x }
r2 = catch(:outer) do
  catch(:inner) do
    throw :outer, "from inner"
  end
  "not here"
end
p r2
obj = Object.new
p catch(obj) { throw obj, :object_tag }
p catch { |tag| throw tag, :auto_tag }
begin
  throw :nobody
rescue UncaughtThrowError => e
  p e.message, e.tag, e.value
end
begin
  throw :with_val, 5
rescue ArgumentError => e
  p e.class, e.message
end
