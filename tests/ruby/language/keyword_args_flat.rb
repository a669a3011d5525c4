# Calls passing literal keywords to methods of every parameter shape:
# bound in place or through a Hash, with CRuby's errors and defaults.
def add(left:, right:) = left + right
def opt(a, b = 2, k: 10, j: a + b) = [a, b, k, j]
def req_and_opt(x:, y: x * 2) = [x, y]
def rest_kw(*r, k: 1) = [r, k]
def kwrest(a, k: 1, **o) = [a, k, o]
def only_kwrest(**o) = o
def no_kw(h) = h
def nokw(**nil) = :none
def with_block(k:, &b) = b.call(k)
def yields(k: 0) = yield(k)
def post(a, *r, z, k: 1) = [a, r, z, k]

t = 0
i = 0
while i < 100
  t += add(left: 1, right: i)
  t += add(right: i, left: 2)
  i += 1
end
p t
p opt(1), opt(1, k: 3), opt(1, 5, j: 0), opt(1, 5, j: 0, k: 7)
p req_and_opt(x: 3), req_and_opt(y: 1, x: 3)
p rest_kw(1, 2, k: 3), rest_kw(k: 4)
p kwrest(1, k: 2, z: 3), kwrest(1, z: 3)
p only_kwrest(a: 1, b: 2)
p no_kw(a: 1, b: 2)
p with_block(k: 5) { |v| v * 3 }
p yields(k: 4) { |v| v + 1 }
p post(1, 2, 3, k: 9), post(1, 2, k: 9)

def try
  yield
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
try { add(left: 1) }
try { add(right: 1) }
try { add(left: 1, right: 2, middle: 3) }
try { add(left: 1, right: 2, middle: 3, other: 4) }
try { add(1, left: 1, right: 2) }
try { opt(k: 1) }
try { opt(1, 2, 3, k: 1) }
try { nokw(a: 1) }
try { req_and_opt(z: 1) }

# keyword names that are reserved words or need quoting
def kws(if:, end: 2, quoted: 3) = [binding.local_variable_get(:if), binding.local_variable_get(:end), quoted]
p kws(if: 1), kws("if": 1, end: 5, "quoted": 7)

# evaluation order and side effects
log = []
p opt(log.push(:a).size, k: log.push(:k).size, j: log.push(:j).size), log

# private and protected methods with keywords
class Acct
  def initialize(n) = @n = n
  def bump(by: 1) = inc(by: by)
  def peer(o) = o.secret(k: 2)
  private def inc(by:) = @n += by
  protected def secret(k:) = @n * k
end
a = Acct.new(1)
p a.bump, a.bump(by: 5), a.peer(Acct.new(7))
try2 = ->(blk) { blk.call rescue puts("#{$!.class}: #{$!.message[/private method `\w+'/]}") }
try2.(-> { a.inc(by: 1) })

# builtins, bmethods, method_missing, send and super with literal keywords
class Kw
  define_method(:bm) { |x: 1, **rest| [x, rest] }
  def method_missing(name, *args, **kw) = [name, args, kw]
  def respond_to_missing?(*) = true
end
k = Kw.new
p k.bm(x: 5), k.bm(y: 6), k.ghost(1, a: 2), k.send(:bm, x: 8)
p Struct.new(:a, :b, keyword_init: true).new(a: 1, b: 2).to_a
p({a: 1}.merge(b: 2))
class Base
  def hi(name:, greeting: "hi") = "#{greeting} #{name}"
end
class Kid < Base
  def hi(name:, greeting: "yo") = super
  def hi2(name:) = method(:hi).super_method.call(name: name, greeting: "hey")
end
p Kid.new.hi(name: "x"), Kid.new.hi2(name: "y")

# a warm site whose method is redefined with other parameters
def target(a:, b: 2) = [:first, a, b]
def call_target = target(a: 1)
3.times { call_target }
p call_target
def target(**kw) = [:second, kw]
p call_target
def target(a:, c: 3) = [:third, a, c]
p call_target
def target(h) = [:positional, h]
p call_target
def target(a:, b:) = [:required, a, b]
try { call_target }

# the keyword values are not kept by the frame's caller
class Obj
  def initialize(k:) = @k = k
  attr_reader :k
end
p Obj.new(k: 3).k
p [1, 2].each_slice(1).map { |(x)| add(left: x, right: x) }
