# Superclass mismatch error on reopening with a different parent
class Base1; end
class Base2; end
class Kid < Base1; end
begin
  eval("class Kid < Base2; end")
rescue TypeError => e
  p e.message
end
class Kid < Base1
  def ok = :reopened_same_parent
end
p Kid.new.ok
begin
  eval("class Integer2 < 5; end")
rescue TypeError => e
  p e.message
end
begin
  eval("module Kid; end")
rescue TypeError => e
  p e.message
end
begin
  Class.new(Class)
rescue TypeError => e
  p e.message
end
