# Exception#full_message: raised (with backtrace), never raised (reported
# at the caller), empty message, multi-line message.
def f = raise(ArgumentError, "bad\nsecond line")
def g = f
begin
  g
rescue => e
  p e.full_message(highlight: false)
  p e.full_message(highlight: false, order: :top)
end
e = RuntimeError.new("never raised")
p e.full_message
p RuntimeError.new("").full_message
