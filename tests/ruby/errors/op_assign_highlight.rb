# error_highlight marks an assignment operator (`+=`) without its `=`,
# for every kind of variable and for attribute and index targets.
def t
  yield
rescue NoMethodError => e
  puts e.message
end
x = nil
t { x += 1 }
t { x  <<=  2 }
t { @i **= 2 }
t { $g -= 1 }
class K; @@c = nil; def self.f; @@c *= 2; end; end
t { K.f }
C = nil
t { C += 1 }
t { x ||= 1; y = nil; y += 1 }
o = Struct.new(:a).new(nil)
t { o.a += 1 }
h = {}
t { h[:k] += 1 }
