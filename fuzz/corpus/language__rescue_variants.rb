# rescue into ivar/global/attr, rescue with ensure-only, rescue class expressions
class Holder
  attr_accessor :err
end
hd = Holder.new
begin
  raise "to ivar"
rescue => @last_error
end
p @last_error.message
begin
  raise "to attr"
rescue => hd.err
end
p hd.err.message
begin
  raise "to global"
rescue => $gerr
end
p $gerr.message
HANDLED = [TypeError, ArgumentError]
def classify
  yield
  :ok
rescue *HANDLED => e
  "handled #{e.class}"
rescue ->(x) { true }.call(0) ? StandardError : Exception => e
  "dynamic #{e.class}"
end
p classify { raise TypeError }, classify { raise KeyError }, classify { 1 }
x = begin
  Integer("1")
ensure
  p :ensure_only
end
p x
