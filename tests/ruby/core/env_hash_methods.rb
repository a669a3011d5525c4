# ENV behaves as CRuby's: Enumerable, frozen values, the in-place
# filters with enumerators, value/key lookups, validation of names.
ENV.keys.grep(/\ACARMINE_T_/).each { |k| ENV.delete(k) }
ENV["CARMINE_T_A"] = "carmine-1"
ENV["CARMINE_T_B"] = "carmine-2"
ENV["CARMINE_T_C"] = "carmine-3"
mine = -> { ENV.to_h.select { |k, _| k.start_with?("CARMINE_T_") }.sort.to_h }
p mine.(), ENV["CARMINE_T_A"].frozen?, ENV.is_a?(Enumerable)
p ENV.key("carmine-2"), ENV.value?("carmine-3"), ENV.has_value?(:x), ENV.rassoc("carmine-1"), ENV.assoc("CARMINE_T_B")
p ENV.delete_if { |k, v| k == "CARMINE_T_A" }.equal?(ENV), mine.()
p ENV.reject! { |k, v| false }, ENV.select! { true }
p ENV.keep_if { |k, v| !k.start_with?("CARMINE_T_") || v != "carmine-2" }.equal?(ENV), mine.()
ENV.update("CARMINE_T_C" => "x", "CARMINE_T_D" => "carmine-4") { |k, old, new| old + new }
p mine.(), ENV.slice("CARMINE_T_D", "CARMINE_T_NONE"), ENV.except(*ENV.keys.reject { |k| k.start_with?("CARMINE_T_") })
e = ENV.each_key
p e.class, e.size == ENV.size, ENV.each_pair.class
p ENV.filter_map { |k, v| v if k.start_with?("CARMINE_T_") }.sort
p ENV.invert["carmine-4"], ENV.inspect.start_with?("{"), ENV.to_s
[["a=b", "1"], ["", "1"], ["X", 1], ["X\0", "1"]].each do |k, v|
  ENV[k] = v
rescue SystemCallError, TypeError, ArgumentError => err
  puts "#{k.inspect}: #{err.class}: #{err.message}"
end
ENV["a=b"] = nil
begin
  ENV.dup
rescue TypeError => err
  puts err.message
end
begin
  ENV.freeze
rescue TypeError => err
  puts err.message
end
p ENV.fetch("CARMINE_T_NONE", "dflt"), ENV.fetch("CARMINE_T_NONE") { |k| k.downcase }
ENV.delete("CARMINE_T_C")
ENV.delete("CARMINE_T_D")
p mine.(), ENV.delete("CARMINE_T_NONE") { |k| "no #{k}" }
