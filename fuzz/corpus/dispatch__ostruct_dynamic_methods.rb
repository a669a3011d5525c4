# OpenStruct defines singleton accessors dynamically; sites over several structs stay correct
require "ostruct"
def site(o) = o.name
a = OpenStruct.new(name: "a")
b = OpenStruct.new(name: "b")
5.times { site(a); site(b) }
p [site(a), site(b)]
b.name = "b2"
a[:name] = "a2"
p [site(a), site(b)]
b.delete_field(:name)
p site(b)
def b.name = "singleton name"
p [site(a), site(b)]
c = OpenStruct.new
c.name = "late"
p site(c)
