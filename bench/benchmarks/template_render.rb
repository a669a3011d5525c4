# template_render: an application-shaped workload: an ERB-like template
# engine. A template is compiled once into a list of parts (literal text,
# `<%= expr %>` lookups with filters, `<% for x in list %>` loops, `<% if %>`
# blocks); rendering walks the parts against Hash records, escapes HTML
# with gsub and a Hash, formats numbers, and builds the page with <<.
# Measures: String scanning (index, byteslice, start_with?, split), gsub
# with a Hash, String building, Hash lookups by String keys, blocks.
# bench-size: 600
# bench-quick: 10
reps = (ARGV[0] || ENV["BENCH_SIZE"] || 600).to_i

TEMPLATE = <<~'TPL'
  <html><head><title><%= title | upcase %></title></head>
  <body>
  <h1><%= title %></h1>
  <p class="intro"><%= intro | escape %></p>
  <table>
  <% for row in rows %>  <tr class="<%= row.kind %>">
      <td><%= row.name | escape %></td>
      <td><%= row.price | money %></td>
      <td><%= row.qty %></td>
  <% if row.note %>    <td class="note"><%= row.note | escape | truncate %></td>
  <% end %>  </tr>
  <% end %></table>
  <footer>total: <%= total | money %> (<%= count %> items)</footer>
  </body></html>
TPL

class Template
  ESCAPES = { "&" => "&amp;", "<" => "&lt;", ">" => "&gt;", '"' => "&quot;" }.freeze

  def initialize(src)
    @parts = compile(src)
  end

  def render(ctx)
    out = +""
    emit(@parts, [ctx], out)
    out
  end

  private

  # Parts: [:text, s] [:expr, path, filters] [:for, var, path, body] [:if, path, body]
  def compile(src)
    stack = [[]]
    pos = 0
    while (open = src.index("<%", pos))
      stack.last << [:text, src.byteslice(pos, open - pos)] if open > pos
      close = src.index("%>", open) or raise "unclosed tag"
      tag = src.byteslice(open + 2, close - open - 2).strip
      if tag.start_with?("=")
        path, *filters = tag[1..].split("|").map(&:strip)
        stack.last << [:expr, path.split("."), filters]
      elsif tag.start_with?("for ")
        _, var, _, path = tag.split(" ")
        node = [:for, var, path.split("."), []]
        stack.last << node
        stack << node[3]
      elsif tag.start_with?("if ")
        node = [:if, tag[3..].strip.split("."), []]
        stack.last << node
        stack << node[2]
      elsif tag == "end"
        stack.pop
      else
        raise "unknown tag #{tag}"
      end
      pos = close + 2
    end
    stack.last << [:text, src.byteslice(pos, src.bytesize - pos)] if pos < src.bytesize
    stack.first
  end

  def lookup(path, scopes)
    head, *rest = path
    scope = scopes.reverse_each.find { |s| s.key?(head) }
    v = scope ? scope[head] : nil
    rest.each { |k| v = v.is_a?(Hash) ? v[k] : nil }
    v
  end

  def filter(v, name)
    case name
    when "upcase" then v.to_s.upcase
    when "escape" then v.to_s.gsub(/[&<>"]/, ESCAPES)
    when "money"
      cents = (v * 100).round
      units, frac = cents.divmod(100)
      "$#{units.to_s.reverse.scan(/\d{1,3}/).join(',').reverse}.#{frac.to_s.rjust(2, '0')}"
    when "truncate"
      s = v.to_s
      s.size > 24 ? "#{s[0, 21]}..." : s
    else raise "unknown filter #{name}"
    end
  end

  def emit(parts, scopes, out)
    parts.each do |part|
      case part[0]
      when :text then out << part[1]
      when :expr
        v = lookup(part[1], scopes)
        part[2].each { |f| v = filter(v, f) }
        out << v.to_s
      when :for
        lookup(part[2], scopes).each do |item|
          scopes.push({ part[1] => item })
          emit(part[3], scopes, out)
          scopes.pop
        end
      when :if
        emit(part[2], scopes, out) if lookup(part[1], scopes)
      end
    end
  end
end

kinds = %w[odd even]
rows = (0...40).map do |i|
  { "kind" => kinds[i % 2],
    "name" => "Item <#{i}> & \"friends\" #{'x' * (i % 7)}",
    "price" => (i * 37 % 1000) + (i % 4) * 0.25 + 1234 * (i % 3),
    "qty" => i % 9 + 1,
    "note" => (i % 3 == 0 ? "Limited stock: only #{i % 5 + 1} left <hurry>" : nil) }
end

tpl = Template.new(TEMPLATE)
bytes = 0
digest = 0
reps.times do |r|
  ctx = { "title" => "Catalogue page #{r}", "intro" => "Prices & <offers> for week #{r % 52}",
          "rows" => rows, "count" => rows.size,
          "total" => rows.sum { |x| x["price"] * x["qty"] } + r }
  page = tpl.render(ctx)
  bytes += page.bytesize
  page.each_byte.with_index { |b, i| digest = (digest * 33 + b * (i & 7)) % 4_294_967_291 if i % 13 == 0 }
end
puts "pages=#{reps} bytes=#{bytes} digest=#{digest}"
