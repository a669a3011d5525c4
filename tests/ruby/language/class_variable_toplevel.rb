# Class variables at toplevel (and in class_eval blocks written at toplevel) raise RuntimeError since Ruby 3.0; defined?(@@x) there is nil.
p defined?(@@x)
begin
  @@x = 1
rescue RuntimeError => e
  p e.message
end
def top_m = @@y
begin
  top_m
rescue RuntimeError => e
  p e.message
end
class K
  @@k = 1
  def self.k = @@k
  class << self
    def k2 = @@k
  end
end
p K.k, K.k2, K.class_variable_get(:@@k)
K.class_eval { p((@@k rescue $!.message)) }
