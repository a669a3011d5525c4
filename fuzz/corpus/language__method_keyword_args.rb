# Keyword arguments: required, optional, **rest, passing hashes
def kw(a, b:, c: 10, **rest)
  [a, b, c, rest]
end
p kw(1, b: 2)
p kw(1, c: 3, b: 2)
p kw(1, b: 2, z: 9, y: 8)
opts = {b: 20, c: 30}
p kw(0, **opts)
p kw(0, **opts, d: 4)
def only_rest(**kw) = kw
p only_rest
p only_rest(x: 1)
def pos_hash(h) = h
p pos_hash(a: 1, b: 2)
p pos_hash({a: 1})
def opt_and_kw(a, b = 2, *c, d:, e: 5, **f, &g) = nil
p method(:opt_and_kw).parameters
p method(:kw).arity
def nokw(a, **nil) = a
p method(:nokw).parameters
def dflt(x: x_default) = x
def x_default = :from_method
p dflt
p dflt(x: 1)
