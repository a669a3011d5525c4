# defined? swallows an exception its subject raises: $! stays what it was.
def boom = raise("boom")
p defined?(boom / 2)
p $!
p defined?(boom.foo.bar)
p $!
p defined?(not boom)
p $!
begin
  raise "outer"
rescue
  p defined?(boom + 1)
  p $!
end
p $!

# $LOAD_PATH.resolve_feature_path answers what require would load.
kind, path = $LOAD_PATH.resolve_feature_path("set")
p [kind, File.basename(path)]
p $LOAD_PATH.resolve_feature_path("no_such_feature_here")
kind, path = $LOAD_PATH.resolve_feature_path("etc")
p [kind, File.basename(path)]
