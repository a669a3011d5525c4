# method_missing and respond_to_missing? on a class (singleton) for finders
class Record
  DATA = [{id: 1, name: "a"}, {id: 2, name: "b"}]
  def self.method_missing(name, *args)
    if (m = name.to_s.match(/\Afind_by_(\w+)\z/))
      DATA.find { |r| r[m[1].to_sym] == args.first }
    else
      super
    end
  end
  def self.respond_to_missing?(name, priv = false) = name.to_s.start_with?("find_by_") || super
end
p Record.find_by_name("b")
p Record.find_by_id(1)
p Record.find_by_id(9)
p Record.respond_to?(:find_by_zzz)
begin
  Record.where(1)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
m = Record.method(:find_by_name)
p m.call("a")
