# Symbol inspect of ASCII names with control characters, regexp sources
# with escaped terminators, class paths under a non-module, hash splats
# whose to_hash is not a Hash, and $! after a throw out of a rescue.
p :"\0", :"a\0b", :"\x01", :"\x7f", :"é\x01"
p "\x01\e\x7f".force_encoding("US-ASCII")
p %r{/}.source, %r{/}, %r{/}.to_s, /\//.source
p(/\!/ == /!/, /\!/.source, %r!\!!.source, %r{a\}}.source, %r[\]].source)
p Regexp.new("a\nb").to_s, Regexp.new("a\nb")

begin
  class nil::Foo; end
rescue TypeError => e
  p e.message
end
begin
  module nil::Bar; end
rescue TypeError => e
  p e.message
end
begin
  nil::Baz = 1
rescue TypeError => e
  p e.message
end
module M; ::TopFromM, x = 3, 4; end
p TopFromM
::TopOr ||= 5
::TopOr ||= 6
p TopOr

o = Object.new
def o.to_hash = 1
begin
  p({**o})
rescue TypeError => e
  p e.message
end

catch(:t) do
  begin
    raise "x"
  rescue
    throw :t
  end
end
p $!
begin
  raise "outer"
rescue
  catch(:u) do
    begin
      raise "inner"
    rescue
      throw :u
    end
  end
  p $!
end
