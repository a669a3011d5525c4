# min_by/max_by/minmax_by/sort/sort_by/min/max compare Integers, Floats and
# Strings directly only while their <=> is CRuby's; redefinitions are seen
# by warm call sites, and a failed comparison names both sides.
def run(label)
  a = [3, 1, 2]
  f = [2.5, 0.5, 1.5]
  s = %w[pear apple fig]
  p [label,
     a.min_by { |x| x }, a.max_by { |x| x }, a.minmax_by { |x| x },
     a.sort, a.sort_by { |x| x }, f.min_by { |x| x }, s.max_by { |x| x },
     s.sort_by { |x| x }]
end

3.times { run(:plain) }

class Integer
  alias_method :orig_cmp, :<=>
  def <=>(o) = o.is_a?(Integer) ? -orig_cmp(o) : orig_cmp(o)
end
run(:integer_reversed)

class Float
  alias_method :orig_cmp, :<=>
  def <=>(o) = -orig_cmp(o)
end
class String
  alias_method :orig_cmp, :<=>
  def <=>(o) = o.is_a?(String) ? -orig_cmp(o) : orig_cmp(o)
end
run(:all_reversed)

class Integer
  remove_method :<=>
  alias_method :<=>, :orig_cmp
end
run(:integer_restored)

begin
  [1, :a, 2].min_by { |x| x }
rescue ArgumentError => e
  puts e.message
end
begin
  [Object.new, 1].max_by { |x| x }
rescue => e
  puts e.class, e.message[/comparison of \w+ with/]
end
p [[2, 1], [1, 2]].min_by { |x| x }
p [0.0 / 0.0, 1.0].min_by { |x| 1 }
