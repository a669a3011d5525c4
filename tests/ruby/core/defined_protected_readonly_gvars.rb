class Foo
  def foo; end
  protected :foo
  def bar(f)
    p defined?(self.foo), defined?(f.foo)
  end
end
Foo.new.bar(Foo.new)
p File.expand_path(".", "//"), File.expand_path("sub", "//")
begin; $$ = 5; rescue NameError => e; p e.message; end
pr = proc { 1 }
p pr.binding.class rescue p $!
