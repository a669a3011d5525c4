# Class-method call sites: redefinition, extend, singleton removal, subclass lookup
class Factory
  def self.make = "factory"
end
class SubFactory < Factory; end
def site(k) = k.make
ks = [Factory, SubFactory]
5.times { ks.each { site(_1) } }
p ks.map { site(_1) }
def SubFactory.make = "sub " + super
p ks.map { site(_1) }
module Fancy
  def make = "fancy " + super
end
Factory.extend(Fancy)
p ks.map { site(_1) }
SubFactory.singleton_class.send(:remove_method, :make)
p ks.map { site(_1) }
