class A; def call(x, scale: 2) = x * scale; end
um = A.instance_method(:call)
args = [4]; kw = {scale: 5}; b = nil
p((um.bind_call(A.new, *args, **kw) rescue $!.message))
p((um.bind_call(A.new, *args, **kw, &b) rescue $!.message))
p((um.bind_call(A.new, 4, **kw, &b) rescue $!.message))
p((um.bind_call(A.new, 4, scale: 5, &b) rescue $!.message))
p((A.new.send(:call, *args, **kw, &b) rescue $!.message))
p((A.new.method(:call).call(*args, **kw, &b) rescue $!.message))
p((A.new.call(*args, **kw, &b) rescue $!.message))
p((A.new.public_send(:call, *args, **kw, &b) rescue $!.message))
blk = proc {}
p((um.bind_call(A.new, 4, **kw, &blk) rescue $!.message))
p((A.new.send(:call, 4, **kw, &blk) rescue $!.message))
mo = A.new.method(:call)
p mo[4, scale: 3], (mo === 4), mo.(4, **{scale: 7})
p((um.bind_call(A.new, 4, {scale: 5}) rescue $!.message))
h = {scale: 6}
p((um.bind_call(A.new, 4, **h) rescue $!.message), h)
def kw_only(**o) = o
p method(:kw_only).unbind.bind_call(self, a: 1), method(:kw_only).unbind.bind_call(self)
