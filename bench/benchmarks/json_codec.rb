# json_codec: an application-shaped workload: a JSON encoder and decoder
# written in Ruby, as a library without a C extension would. Records
# (nested Hashes and Arrays of Strings, Integers, Floats, true/false/nil)
# are encoded with a recursive `case` on the value's class, Strings escaped
# with gsub and a Hash; the text is parsed back with StringScanner
# (scan/skip/match? with regexps, `[]` of capture groups), and the decoded
# records are checked and summarised.
# Measures: case/when on classes, String building with << and
# interpolation, gsub with a Hash, StringScanner with regexps, Hash
# building and each_pair, Float#to_s and Float().
# bench-size: 150
# bench-quick: 2
require "strscan"

reps = (ARGV[0] || ENV["BENCH_SIZE"] || 150).to_i

module MiniJSON
  ESCAPES = { '"' => '\\"', "\\" => "\\\\", "\n" => "\\n", "\t" => "\\t", "\r" => "\\r" }.freeze
  UNESCAPES = { '"' => '"', "\\" => "\\", "/" => "/", "n" => "\n", "t" => "\t", "r" => "\r", "b" => "\b", "f" => "\f" }.freeze

  class ParseError < StandardError; end

  def self.generate(obj, out = +"")
    case obj
    when Hash
      out << "{"
      first = true
      obj.each_pair do |k, v|
        out << "," unless first
        first = false
        write_string(k.to_s, out)
        out << ":"
        generate(v, out)
      end
      out << "}"
    when Array
      out << "["
      obj.each_with_index do |v, i|
        out << "," if i > 0
        generate(v, out)
      end
      out << "]"
    when String then write_string(obj, out)
    when Symbol then write_string(obj.name, out)
    when Integer, Float then out << obj.to_s
    when true then out << "true"
    when false then out << "false"
    when nil then out << "null"
    else raise ArgumentError, "cannot encode #{obj.class}"
    end
    out
  end

  def self.write_string(str, out)
    out << '"' << str.gsub(/["\\\n\t\r]/, ESCAPES) << '"'
  end

  class Parser
    def initialize(text)
      @s = StringScanner.new(text)
    end

    def parse
      v = value
      @s.skip(/\s*/)
      raise ParseError, "trailing data at #{@s.pos}" unless @s.eos?
      v
    end

    private

    def value
      @s.skip(/\s*/)
      if @s.skip(/\{/) then object
      elsif @s.skip(/\[/) then array
      elsif @s.match?(/"/) then string
      elsif (num = @s.scan(/-?\d+(\.\d+)?([eE][-+]?\d+)?/))
        @s[1] || @s[2] ? Float(num) : num.to_i
      elsif @s.skip(/true/) then true
      elsif @s.skip(/false/) then false
      elsif @s.skip(/null/) then nil
      else raise ParseError, "unexpected #{@s.peek(1).inspect} at #{@s.pos}"
      end
    end

    def object
      h = {}
      @s.skip(/\s*/)
      return h if @s.skip(/\}/)
      loop do
        @s.skip(/\s*/)
        k = string
        @s.skip(/\s*:/) or raise ParseError, "expected : at #{@s.pos}"
        h[k] = value
        @s.skip(/\s*/)
        next if @s.skip(/,/)
        break if @s.skip(/\}/)
        raise ParseError, "expected , or } at #{@s.pos}"
      end
      h
    end

    def array
      a = []
      @s.skip(/\s*/)
      return a if @s.skip(/\]/)
      loop do
        a << value
        @s.skip(/\s*/)
        next if @s.skip(/,/)
        break if @s.skip(/\]/)
        raise ParseError, "expected , or ] at #{@s.pos}"
      end
      a
    end

    def string
      @s.skip(/"/) or raise ParseError, "expected string at #{@s.pos}"
      raw = @s.scan(/(?:[^"\\]|\\.)*/)
      @s.skip(/"/) or raise ParseError, "unterminated string at #{@s.pos}"
      raw.include?("\\") ? raw.gsub(/\\(.)/) { UNESCAPES.fetch($1) } : raw
    end
  end

  def self.parse(text) = Parser.new(text).parse
end

seed = 42
rnd = lambda do |n|
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fff_ffff
  seed % n
end
WORDS = %w[alpha beta "quoted" gamma delta\\path epsilon tab\tbed line\nbreak zeta eta theta <b>iota</b>]
records = (0...200).map do |i|
  {
    "id" => i,
    "name" => "#{WORDS[rnd.(WORDS.size)]} #{WORDS[rnd.(WORDS.size)]}",
    "price" => rnd.(100_000) / 100.0,
    "qty" => rnd.(50),
    "active" => rnd.(3) != 0,
    "tags" => Array.new(rnd.(4)) { WORDS[rnd.(WORDS.size)] },
    "dims" => { "w" => rnd.(300), "h" => rnd.(300), "unit" => :cm },
    "parent" => (i > 0 && rnd.(2) == 0 ? i - 1 : nil),
  }
end

bytes = 0
digest = 0
total = 0.0
reps.times do |r|
  doc = { "page" => r, "generated" => "run #{r}", "items" => records.rotate(r % 200).first(120) }
  text = MiniJSON.generate(doc)
  bytes += text.bytesize
  back = MiniJSON.parse(text)
  raise "page mismatch" unless back["page"] == r
  back["items"].each do |item|
    total += item["price"] * item["qty"]
    digest = (digest * 31 + item["name"].size + item["tags"].size + item["dims"]["w"]) % 1_000_000_007
    digest = (digest + 7) % 1_000_000_007 if item["parent"].nil?
  end
end
again = MiniJSON.generate(MiniJSON.parse(MiniJSON.generate(records.first(3))))
puts "pages=#{reps} bytes=#{bytes} digest=#{digest} total=#{total.round(2)} sample=#{again.bytesize}:#{again[0, 60]}"
