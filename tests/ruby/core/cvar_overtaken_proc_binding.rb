class Gods
  @@rule = "Uranus"
  def ruler0 = @@rule
end
module Olympians
  @@rule = "Zeus"
  def ruler3 = @@rule
end
class Titans < Gods
  @@rule = "Cronus"
  include Olympians
  def ruler4 = @@rule
end
atlas = Titans.new
p atlas.ruler0, atlas.ruler3
begin
  atlas.ruler4
rescue RuntimeError => e
  p e.message
end
p proc { 1 }.binding.class
x = 5
b = proc { x }.binding
p b.local_variable_get(:x), b.local_variables.include?(:x), b.receiver
begin; :sym.to_proc.binding; rescue ArgumentError => e; p e.message; end
