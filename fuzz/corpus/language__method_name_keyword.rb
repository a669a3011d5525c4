# __method__ inside methods, blocks, define_method, aliases
def outer
  [1].map { __method__ }.first
end
p outer
p __method__
class K
  def hello = __method__
  alias greet hello
  define_method(:dyn) { __method__ }
end
p K.new.hello
p K.new.greet
p K.new.dyn
p ->() { __method__ }.call
def nested_def
  inner = proc { __method__ }
  inner.call
end
p nested_def
