# Objects as Hash keys need eql? and hash; uniq and Set-like behaviour
class Key
  attr_reader :k
  def initialize(k) = @k = k
  def ==(o) = o.is_a?(Key) && k == o.k
  alias eql? ==
  def hash = k.hash
  def inspect = "Key(#{k})"
end
class NoHash
  attr_reader :k
  def initialize(k) = @k = k
  def ==(o) = k == o.k
  def inspect = "NoHash(#{k})"
end
h = {Key.new(1) => :one}
p h[Key.new(1)], h.key?(Key.new(1))
h2 = {NoHash.new(1) => :one}
p h2[NoHash.new(1)]
p [Key.new(1), Key.new(1), Key.new(2)].uniq
p [NoHash.new(1), NoHash.new(1)].uniq.size
p [Key.new(3)] - [Key.new(3)]
p [Key.new(3)].include?(Key.new(3))
p [NoHash.new(3)].include?(NoHash.new(3))
p({Key.new(5) => 1}.merge({Key.new(5) => 2}))
p [Key.new(1), Key.new(2)] & [Key.new(2)]
p [Key.new(1), Key.new(1)].tally
p [[1, Key.new(1)]].to_h[1]
