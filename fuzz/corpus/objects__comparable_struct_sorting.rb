# Sorting Struct instances with Comparable and multiple keys, uniq by key
Emp = Struct.new(:name, :dept, :salary) do
  include Comparable
  def <=>(o) = [dept, -salary, name] <=> [o.dept, -o.salary, o.name]
  def to_s = "#{name}(#{dept},#{salary})"
end
staff = [Emp.new("ann", "eng", 120), Emp.new("bob", "ops", 90), Emp.new("cy", "eng", 150),
         Emp.new("di", "ops", 90), Emp.new("ed", "eng", 120)]
puts staff.sort.join(" ")
puts staff.max, staff.min
p staff.uniq(&:dept).map(&:name), staff.group_by(&:dept).transform_values { _1.sum(&:salary) }
p staff.sort.chunk_while { _1.dept == _2.dept }.map { _1.map(&:name) }
p staff.minmax.map(&:name), staff.sort.reverse.first.name
