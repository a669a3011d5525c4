# Implicit super passes the current (possibly reassigned) values of params
class Base
  def m(a, b = 2, *rest, k: 0, &blk)
    "a=#{a} b=#{b} rest=#{rest} k=#{k} blk=#{blk&.call}"
  end
end
class Child < Base
  def m(a, b = 5, *rest, k: 1, &blk)
    a = a * 10
    rest << :added
    k += 100
    super
  end
end
puts Child.new.m(1)
puts Child.new.m(1, 2, 3, k: 4) { "block!" }
class Child2 < Base
  def m(a, *)
    super
  end
end
puts Child2.new.m(7, 8, 9)
class Child3 < Base
  def m(a, b = 3, **kw)
    kw[:k] = 55
    super
  end
end
puts Child3.new.m(1, k: 9)
