# `return` from inside a rescue clause sets `$!` back, as leaving the
# clause at its end does (rubygems' require returns from its rescue clause
# after loading the library).
def plain
  raise "x"
rescue
  return 5
end
p plain, $!

def with_ensure
  raise "x"
rescue
  return 6
ensure
  p [:ensure_sees, $!]
end
p with_ensure, $!

def nested
  begin
    raise "a"
  rescue
    begin
      raise "b"
    rescue
      return $!.message
    end
  end
end
p nested, $!

def from_modifier
  (raise "m" rescue (return $!.message))
end
p from_modifier, $!

def from_block
  [1].each do
    begin
      raise "c"
    rescue
      return :blk
    end
  end
end
p from_block, $!

begin
  raise "outer"
rescue
  def inner_returns
    raise "inner"
  rescue
    return :ok
  end
  p inner_returns
  p $!.message
end
p $!
begin
  raise "after"
rescue => e
  p e.cause
end
