def t; p yield; rescue => e; p e; end
t { LoadError.new.path }
t { begin; require "nonexistent_zz"; rescue LoadError => e; e.path; end }
t { FrozenError.new("m", receiver: 1).receiver }
t { begin; "a".freeze << "b"; rescue FrozenError => e; e.receiver; end }
t { FrozenError.new("m").receiver }
t { KeyError.new("m", receiver: {a: 1}, key: :b).then { [_1.receiver, _1.key] } }
t { begin; {a: 1}.fetch(:z); rescue KeyError => e; [e.receiver, e.key]; end }
t { KeyError.new("m").key }
t { SystemExit.new.message }
t { SystemExit.new(3).then { [_1.message, _1.status] } }
t { SystemExit.new(false, "bye").then { [_1.message, _1.status, _1.success?] } }
t { [IO::EAGAINWaitReadable.ancestors.include?(IO::WaitReadable), IO::EWOULDBLOCKWaitReadable.equal?(IO::EAGAINWaitReadable), IO::EAGAINWaitWritable.superclass] }
t { begin; raise "x"; rescue => e; e.exception.equal?(e); end }
t { e = RuntimeError.new("a"); e2 = e.exception("b"); [e2.message, e2.class, e.equal?(e2)] }
t { NameError.new("x", :y).instance_variables }
t { StopIteration.new.result }
t { UncaughtThrowError.new(:a, 1, "m %p").then { [_1.tag, _1.value, _1.message] } }
t { NoMatchingPatternKeyError.new("m", matchee: {}, key: :k).then { [_1.matchee, _1.key] } }
t { Exception.new("a") == Exception.new("a") }
t { e1 = (raise "a" rescue $!); e2 = RuntimeError.new("a"); e1 == e2 }
t { [Errno::ENOTSUP, Errno::EOPNOTSUPP.equal?(Errno::ENOTSUP), Errno.constants.size, Errno::NOERROR::Errno] }
t { SystemCallError.new("m", -2**24).message }
t { [SystemCallError.new(nil).message, SystemCallError.new("a", nil, "f").message, SystemCallError.new("a", 2, "f").message] }
t { [Errno::ENOENT.new("x", "f").message, Errno::ENOENT.new(nil, "f").message, Errno::EINVAL.new.errno, SystemCallError.new(3).class, SystemCallError.new(3).errno] }
t { [Errno::EAGAIN === Errno::EWOULDBLOCK.new, SystemCallError === Errno::ENOENT.new, SystemCallError.new("x").errno] }
t { SystemCallError.new }
t { SystemCallError.new(:s, 1) }
t { SystemCallError.new("s", "1") }
t { Errno::ENOENT.new(:x) }
t { KeyError.new("m", bogus: 1) }
t { e = (raise ArgumentError, "boom" rescue $!); x = Marshal.load(Marshal.dump(e)); [x.class, x.message, x.backtrace.size, x.instance_variables] }
t { begin; File.read("/nonexistent/zz"); rescue SystemCallError => e; [e.class, e.errno, e.message]; end }
t { begin; throw :nope, 5; rescue UncaughtThrowError => e; [e.message, e.tag, e.value]; end }
pr = proc { 1 }
def mk = proc { 1 }
t { [pr.to_s.sub(/0x\h+/, "X"), lambda { }.inspect.sub(/0x\h+/, "X"), :upcase.to_proc.to_s.sub(/0x\h+/, "X"), method(:puts).to_proc.to_s.sub(/0x\h+/, "X"), pr.to_s.encoding] }
t { [pr == pr.dup, pr.eql?(pr.clone), mk == mk, proc { 1 } == proc { 1 }, pr.source_location.class, method(:mk).to_proc.source_location == method(:mk).source_location] }
class MyProc < Proc
  def initialize(*args) = @args = args
  attr_reader :args
end
t { m = MyProc.new(1, 2) { 3 }; [m.class, m.args, m.call, MyProc.new(&pr).class, MyProc.new(&pr).call] }
t { Proc.new(1) { } }
