# Found by carmine-fuzz (run): String#delete_suffix without an argument
# indexed past the argument list (panic); each method pair checks arity.
%w[reverse strip lstrip rstrip chop succ next chomp delete_prefix delete_suffix].each do |m|
  [m, "#{m}!"].each do |mm|
    [[], ["x"], ["x", "y"]].each do |args|
      begin
        r = "xaxx".dup.send(mm, *args)
        puts "#{mm}(#{args.size}) -> #{r.inspect}"
      rescue => e
        puts "#{mm}(#{args.size}) -> #{e.class}: #{e.message}"
      end
    end
  end
end
p "xxhixx".delete_prefix("xx").delete_suffix rescue p $!
