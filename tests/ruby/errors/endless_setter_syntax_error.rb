class A
  def []=(k, v) = 1
  def self.x=(v) = 2
end
