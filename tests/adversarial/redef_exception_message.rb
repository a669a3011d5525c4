class MyErr < StandardError
  def message = raise("message raised")
end
begin
  raise MyErr
rescue MyErr => e
  p e.class
  p (e.message rescue $!.message)
  p e.full_message.class rescue p $!.class
end
class NumErr < StandardError
  def to_s = 42
end
begin
  raise NumErr
rescue => e
  p e.message
end
class NilMsg < StandardError
  def message = nil
end
begin
  raise NilMsg
rescue => e
  p e.message
end
puts "done"
