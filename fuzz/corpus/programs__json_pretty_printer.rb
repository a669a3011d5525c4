# A JSON-like pretty printer written in Ruby (no json library)
module MiniJSON
  module_function
  def dump(obj, indent = 0)
    pad = "  " * indent
    case obj
    when Hash
      return "{}" if obj.empty?
      inner = obj.map { |k, v| "#{pad}  #{k.to_s.inspect}: #{dump(v, indent + 1)}" }
      "{\n#{inner.join(",\n")}\n#{pad}}"
    when Array
      return "[]" if obj.empty?
      if obj.all? { |e| e.is_a?(Numeric) }
        "[#{obj.join(", ")}]"
      else
        "[\n#{obj.map { |e| "#{pad}  #{dump(e, indent + 1)}" }.join(",\n")}\n#{pad}]"
      end
    when String then obj.inspect
    when Symbol then obj.to_s.inspect
    when nil then "null"
    when true, false, Numeric then obj.to_s
    else raise TypeError, "cannot serialize #{obj.class}"
    end
  end
end
doc = {
  name: "carmine", version: "0.1.0", tags: [:vm, "ruby"], stable: false, license: nil,
  deps: [{name: "prism", opt: true}, {name: "libc", features: []}],
  scores: [1, 2.5, -3], meta: {}
}
puts MiniJSON.dump(doc)
begin
  MiniJSON.dump({bad: 1..2})
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
