class C
  def initialize; @a = 1; @h = {k: 1}; end
  def run
    self.a += 1
    self.a ||= 5
    self.a &&= a * 10
    self[:k] += 1
    self[:k] ||= 3
    self[:j] ||= 7
    self[:k] &&= 9
    [a, @h]
  end
  def other(o)
    o.a += 1
  rescue NoMethodError => e
    e.message[/private method `\w+'/]
  end
  private
  attr_accessor :a
  def [](k) = @h[k]
  def []=(k, v)
    @h[k] = v
  end
end
p C.new.run
p C.new.other(C.new)
