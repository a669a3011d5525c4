# Builtins take the argument counts CRuby's do: too many or too few
# raise ArgumentError with CRuby's range ("expected 1..2").

a = [1, [2, [3]]]
h = { a: { b: 1 } }
s = "hello"
checks = {
  "Array#fetch" => -> { a.fetch(0, 1, 2) }, "Array#[]" => -> { a[0, 1, 2] }, "Array#[]=" => -> { a.dup[0, 1, 2, 3] = 1 },
  "Array#slice" => -> { a.slice(0, 1, 2) }, "Array#slice!" => -> { a.dup.slice!(0, 1, 2) }, "Array#insert0" => -> { a.dup.insert },
  "Hash#fetch" => -> { h.fetch(:a, 1, 2) }, "Integer#[]" => -> { 5[0, 1, 2] }, "Integer#pow" => -> { 2.pow(2, 3, 4) },
  "Integer#inspect" => -> { 5.inspect(2) }, "display" => -> { 1.display($stdout, 2) },
  "define_singleton_method" => -> { Object.new.define_singleton_method(:a, proc {}, 3) },
  "MatchData#[]" => -> { /(a)/.match("a")[0, 1, 2] }, "const_defined?" => -> { Object.const_defined?(:A, true, 3) },
  "const_get" => -> { Object.const_get(:String, true, 3) }, "define_method" => -> { Class.new.send(:define_method, :a, proc {}, 3) },
  "method_defined?" => -> { String.method_defined?(:a, true, 3) }, "private_method_defined?" => -> { String.private_method_defined?(:a, true, 3) },
  "Regexp#match" => -> { /a/.match("a", 0, 1) }, "Regexp#match?" => -> { /a/.match?("a", 0, 1) },
  "byteslice" => -> { s.byteslice(0, 1, 2) }, "String#index" => -> { s.index("l", 0, 1) }, "String#match" => -> { s.match(/l/, 0, 1) },
  "String#match?" => -> { s.match?(/l/, 0, 1) }, "rindex" => -> { s.rindex("l", 0, 1) }, "Symbol#[]" => -> { :abc[0, 1, 2] },
  "Symbol#match" => -> { :abc.match(/a/, 0, 1) }, "Symbol#match?" => -> { :abc.match?(/a/, 0, 1) }, "Symbol#slice" => -> { :abc.slice(0, 1, 2) },
  "Symbol#succ" => -> { :a.succ(1) }, "Range#%" => -> { (1..5).%(2, 3) }, "Range#%0" => -> { (1..5).% },
  "Array#fetch0" => -> { a.fetch }, "Array#[]0" => -> { a[] }, "Hash#fetch0" => -> { h.fetch }, "String#index0" => -> { s.index },
  "Integer#pow0" => -> { 2.pow }, "Struct#dig0" => -> { Struct.new(:a).new(1).dig },
}
# Each call twice: the second runs from a warm call site.
checks.each do |name, f|
  2.times do
    r = f.call
    puts "#{name}: ok #{r.inspect[0, 30]}"
  rescue ArgumentError => e
    puts "#{name}: #{e.message}"
  end
end

# Optional arguments taken up to the maximum.
p 255.inspect(16), 255.to_s(2), [1, 2, 3].fetch(5, :d), { a: 1 }.fetch(:b, 0)
p [1, 2, 3][1, 2], "hello".index("l", 3), "hello".byteslice(1, 2), :hello[1, 3]
p String.method_defined?(:upcase, false), Object.const_defined?(:String, false)
out = Object.new
def out.write(s) = (print "[#{s}]"; 3)
42.display(out)
puts
p((1..10).%(3).to_a)
p [Array.instance_method(:fetch), Integer.instance_method(:pow), Symbol.instance_method(:succ),
   Range.instance_method(:%), Kernel.instance_method(:display), Integer.instance_method(:inspect)].map(&:arity)
