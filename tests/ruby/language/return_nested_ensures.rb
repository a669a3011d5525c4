require "tmpdir"
$r = []
def f()
  begin
    begin
      $r << :inner_begin
      return :inner_begin
    ensure
      $r << :inner_ensure
      return :inner_ensure
    end
  ensure
    $r << :outer_ensure
  end
end
p f(), $r
$r = []
def g
  [1, 2].each do |i|
    begin
      begin
        next if i == 1
        $r << [:body, i]
        break :broke
      ensure
        $r << [:e1, i]
        next :from_ensure if i == 2
      end
    ensure
      $r << [:e2, i]
    end
  end
end
p g, $r
$r = []
def h
  while true
    begin
      begin
        break
      ensure
        $r << :a
        begin
          return :ret
        ensure
          $r << :b
        end
      end
    ensure
      $r << :c
    end
  end
  :after
end
p h, $r
$r = []
def k
  3.times do |i|
    begin
      begin
        raise "x#{i}" if i == 1
        $r << i
      ensure
        $r << :e
        return :early if i == 2
      end
    rescue => e
      $r << e.message
    ensure
      $r << :outer
    end
  end
end
p k, $r
def m
  begin
    return 1
  ensure
    begin
      return 2
    ensure
      return 3
    end
  end
end
p m
File.write("#{Dir.tmpdir}/carmine_ret_inc_#{$$}.rb", <<~END)
  $r << "before begin"
  begin
    raise
  rescue RuntimeError
    return
  end
  $r << "after begin"
END
$r = []
load "#{Dir.tmpdir}/carmine_ret_inc_#{$$}.rb"; File.delete("#{Dir.tmpdir}/carmine_ret_inc_#{$$}.rb")
p $r
