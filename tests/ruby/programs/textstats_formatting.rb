# A log summarizer/formatter: numeric formatting, string manipulation,
# catch/throw, retry, ensure, custom exception hierarchies, freeze and
# object identity, method_missing-based config, and Comparable ranges.
class Config
  def initialize(h = {}) = @h = h.transform_keys(&:to_s)
  def method_missing(name, *args)
    key = name.to_s
    if key.end_with?("=")
      @h[key.chomp("=")] = args.first
    elsif key.end_with?("?")
      !!@h[key.chomp("?")]
    elsif @h.key?(key)
      @h[key]
    else
      super
    end
  end
  def respond_to_missing?(name, priv = false) = @h.key?(name.to_s.sub(/[?=]\z/, "")) || super
end

cfg = Config.new(width: 30, title: "Summary", verbose: nil)
cfg.precision = 3
p cfg.width, cfg.title, cfg.verbose?, cfg.precision, cfg.respond_to?(:width), cfg.respond_to?(:nope)
begin
  cfg.nope
rescue NoMethodError => e
  puts e.message[0, 40]
  p e.name, e.args
end

class AppError < StandardError; end
class TransientError < AppError
  def initialize(msg = "try again") = super
end
class FatalError < AppError; end

attempts = 0
log = []
begin
  attempts += 1
  log << "attempt #{attempts}"
  raise TransientError if attempts < 3
  log << "succeeded"
rescue TransientError => e
  log << e.message
  retry
ensure
  log << "ensure ran"
end
puts log.join("; ")

def find_first(grid, target)
  catch(:found) do
    grid.each_with_index do |row, r|
      row.each_with_index do |v, c|
        throw :found, [r, c] if v == target
      end
    end
    nil
  end
end
grid = Array.new(4) { |r| Array.new(5) { |c| (r * 5 + c) ** 2 % 17 } }
grid.each { |row| puts row.map { |v| v.to_s.rjust(3) }.join }
p find_first(grid, 13), find_first(grid, 99)

samples = [3.14159, 2.71828, 1.41421, 1234567.891, -0.000123, 1e20, 0.1 + 0.2]
samples.each do |x|
  puts [format("%.3f", x), format("%10.2e", x), format("%-12g|", x), x.round(2), x.floor(1), x.ceil(-1), x.to_i].inspect
end
p 2.5.round, 3.5.round, 2.5.round(half: :even), 2.5.round(half: :down), (-2.5).round
p 1234567.89.to_s, 100.0.to_s, 1e-5.to_s, 12345678901234567.0.to_s, (0.1 * 3).to_s
p 10.divmod(3), -10.divmod(3), 10.fdiv(4), 7.pow(13, 19), 255.digits(16), 2**70, (2**70).to_s(36)
p 12.gcd(18), 12.lcm(18), Integer.sqrt(10**20 + 1), 10.0 / 3, 1r / 3 + 1/6r, Complex(1, 2) * Complex(3, -1)
p 1_000_000.to_s.reverse.scan(/\d{1,3}/).join(",").reverse
p 65.chr, "%c%c" % [72, "i"], "%08.3f" % 3.14159, "%+d %x %o %b %X" % [5, 255, 8, 5, 255]
p "%s and %p" % ["str", "str"], "%-6s|%6s|" % %w[ab cd], "%%", format("%<a>s-%<b>05d", a: "k", b: 42)

text = <<~TXT
  The quick brown fox jumps over the lazy dog.
  Pack my box with five dozen liquor jugs!
  How vexingly quick daft zebras jump?
TXT
words = text.downcase.scan(/[a-z]+/)
p words.size, words.uniq.size, words.max_by(&:length), words.sum(&:size)
p text.lines.map(&:chomp).map(&:length), text.count("aeiou"), text.squeeze("o").size, text.tr("a-y", "b-z")[0, 20]
p text.each_char.select { |c| c =~ /[[:upper:]]/ }.join, text.index("quick"), text.rindex("quick")
p "hello world".center(21, "*"), "snake_case_name".split("_").map.with_index { |w, i| i.zero? ? w : w.capitalize }.join
p "Hello"[1..], "Hello"[-3, 2], "Hello".sub(/l+/) { |m| m.upcase }, "a,b;c d".split(/[,; ]/), "abc".succ, "az".succ, "zz99".succ
p "ünïcödé".upcase, "ÉCOLE".downcase, "straße".length, "straße".bytesize, "日本語".reverse, "日本語".chars
s = "frozen".freeze
p s.frozen?, s.upcase.frozen?, s.equal?(s.dup), (+s).frozen?, (-"lit").equal?(-"lit")
begin
  s << "x"
rescue FrozenError => e
  p e.message, e.receiver.equal?(s)
end
r = (1..10)
p r.step(3).to_a, r.each_slice(3).to_a.last, (1.0..2.0).step(0.5).to_a, ('a'..'e').include?("c"), ('a'..'e') === "cc", (1...10).size
p r.sum, r.reduce(:*), r.minmax, (1..Float::INFINITY).lazy.map { _1 * 2 }.select { _1 % 3 == 0 }.first(3)
x = [1, [2, [3, [4]]]]
p x.flatten, x.flatten(1), x.dig(1, 1, 0), [3, 1, 2].sort.reverse, [1, 2, 3].each_with_object([]) { |i, a| a.unshift(i) }
p [1, 2, 3, 4].inject { |a, b| a * b }, [[1, :a], [2, :b]].to_h, %w[x y z].zip([1, 2], [true]), [1, 2, 2, 3, 3, 3].chunk_while { _1 == _2 }.to_a
def deep(n) = n.zero? ? 0 : 1 + deep(n - 1)
p deep(5000)
begin
  raise FatalError, "disk on fire"
rescue AppError => e
  p [e.class, e.class.ancestors.take(3), e.message, e.is_a?(StandardError)]
end
x = Integer("0x1f", exception: false)
y = Integer("zz", exception: false)
p x, y, Float("1e3"), (Integer("12abc") rescue $!.message)
