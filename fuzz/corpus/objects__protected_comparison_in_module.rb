# protected methods defined in a module are callable between includers of that module
module Ranked
  def outranks?(o) = rank > o.rank
  protected
  def rank = @rank
end
class Soldier
  include Ranked
  def initialize(r) = @rank = r
  def inspect = "#<Soldier>"
end
class Officer
  include Ranked
  def initialize(r) = @rank = r
end
a, b = Soldier.new(1), Officer.new(5)
p b.outranks?(a), a.outranks?(b)
begin
  a.rank
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
p Ranked.protected_instance_methods
