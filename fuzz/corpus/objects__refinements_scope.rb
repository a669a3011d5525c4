# Refinements in a module body are only active lexically inside it
module Fmt
  refine Integer do
    def fmt = "<#{self}>"
  end
end
module UsesFmt
  using Fmt
  def self.show(n) = n.fmt
  def self.check = 1.respond_to?(:fmt)
end
p UsesFmt.show(7)
p UsesFmt.check
begin
  7.fmt
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
class Base
  def hello = "base hello"
end
module BaseRefine
  refine Base do
    def hello = "refined (" + super + ")"
  end
end
module Client
  using BaseRefine
  def self.call = Base.new.hello
end
p Client.call
p Base.new.hello
p Fmt.refinements.size rescue p $!.class
