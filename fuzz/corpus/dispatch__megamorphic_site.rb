# One call site sees 24 receiver classes; a redefinition in the middle must be seen
classes = (1..24).map do |i|
  Class.new do
    define_method(:id_num) { i }
  end
end
objs = classes.map(&:new)
def site(o) = o.id_num
3.times { objs.each { site(_1) } }
p objs.map { site(_1) }.sum
classes[11].define_method(:id_num) { 1000 }
classes[23].class_eval { def id_num = 2000 }
p objs.map { site(_1) }
classes[11].send(:remove_method, :id_num)
begin
  site(objs[11])
rescue NoMethodError => e
  puts "NoMethodError for #{e.name}"
end
p objs.map { site(_1) rescue -1 }.sum
