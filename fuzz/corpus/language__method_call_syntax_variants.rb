# Calling methods with/without parens, trailing commas, hash braces, blocks do/end vs {}
def show(*a, **k, &b) = "a=#{a} k=#{k} b=#{b ? b.call : nil}"
puts show 1, 2
puts show(1, x: 2,)
puts show({y: 1})
puts show(*[1], **{z: 2}) { :blk }
puts show 3 do :do_blk end
r = [1, 2].map do |x| x * 2 end
p r
r2 = [1, 2].map { |x| x * 3 }
p r2
def kwonly(a:, b: 2) = [a, b]
p kwonly(a: 1), kwonly(b: 3, a: 4)
p [1, 2, 3]
  .map { _1 + 1 }
  .select(&:even?)
p(show(1) { :inner })
p show(:a,
       :b,
       c: 1)
