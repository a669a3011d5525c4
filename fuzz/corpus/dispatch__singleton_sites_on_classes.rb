# A site whose receivers are many class objects (megamorphic over singleton classes)
classes = (1..12).map { |i| Class.new { define_singleton_method(:tag) { "c#{i}" } } }
def site(k) = k.tag
3.times { classes.each { site(_1) } }
p classes.map { site(_1) }.join(",")
classes[5].define_singleton_method(:tag) { "SIX" }
classes[0].singleton_class.send(:remove_method, :tag)
p classes.map { site(_1) rescue "none" }.join(",")
base = Class.new { def self.tag = "base" }
sub = Class.new(base)
p site(sub)
base.define_singleton_method(:tag) { "base2" }
p site(sub)
