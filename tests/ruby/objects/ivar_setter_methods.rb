# Methods ending in `@x = v` (written setters and the like) return the
# value; a frozen receiver raises from the assignment's line, inside and
# outside rescue and ensure; `@x += v` as the last expression too.
class Box
  def initialize
    @v = 0
  end

  def v=(x)
    @v = x
  end

  def set(x)
    @v = x
  end

  def set_twice(x)
    @v = x
    @w = x * 2
  end

  def bump(x)
    @v += x
  end

  def guarded(x)
    begin
      @v = x
    rescue FrozenError => e
      [:frozen, e.backtrace[0][/:\d+:/]]
    end
  end

  def ensured(x)
    @v = x
  ensure
    puts "ensure ran"
  end

  def cond(x)
    if x > 0
      @v = x
    else
      @v = -x
    end
  end

  def value = @v
end

b = Box.new
p(b.v = 5)
p b.send(:v=, 6)
p b.set(7)
p b.set_twice(8)
p b.bump(2), b.bump(3)
p b.guarded(9)
p b.ensured(10)
p b.cond(-11), b.cond(12)
10.times { |i| b.set(i) }
p b.value
b.freeze
[
  -> { b.v = 1 },
  -> { b.set(2) },
  -> { b.bump(1) },
  -> { b.ensured(3) },
  -> { b.cond(4) },
].each do |l|
  l.call
rescue FrozenError => e
  puts "#{e.class} at #{e.backtrace[0][/:\d+:in `[^']*'/]}"
end
p b.guarded(13)
p b.value
