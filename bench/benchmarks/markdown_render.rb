# markdown_render: an application-shaped workload: a small Markdown-to-HTML
# converter of the regexp-and-gsub kind. A document is split into lines;
# each block (headings, lists, block quotes, fenced code, paragraphs) is
# recognised with `=~`/match and `$1`, and inline markup (emphasis, code
# spans, links, auto-links) is rewritten with gsub and blocks using the
# match globals; HTML is escaped with gsub and a Hash. A table of contents
# is built from slugged headings.
# Measures: Regexp matching (=~, match, match?, $~ / $1), gsub with block
# and replacement strings, split, strip, String building, Array of lines.
# bench-size: 200
# bench-quick: 2
reps = (ARGV[0] || ENV["BENCH_SIZE"] || 200).to_i

class Markdown
  ESCAPE = { "&" => "&amp;", "<" => "&lt;", ">" => "&gt;", '"' => "&quot;" }.freeze

  attr_reader :toc

  def initialize(text)
    @lines = text.split("\n")
    @toc = []
    @slugs = Hash.new(0)
  end

  def to_html
    out = +""
    i = 0
    while i < @lines.size
      line = @lines[i]
      if line.strip.empty?
        i += 1
      elsif line.start_with?("```")
        lang = line[3..].strip
        code = []
        i += 1
        while i < @lines.size && !@lines[i].start_with?("```")
          code << escape(@lines[i])
          i += 1
        end
        i += 1
        cls = lang.empty? ? "" : %( class="language-#{lang}")
        out << "<pre><code#{cls}>" << code.join("\n") << "</code></pre>\n"
      elsif line =~ /\A(\#{1,6})\s+(.+?)\s*#*\z/
        level = $1.size
        text = $2
        slug = slugify(text)
        @toc << [level, slug, text]
        out << "<h#{level} id=\"#{slug}\">" << inline(text) << "</h#{level}>\n"
        i += 1
      elsif line.match?(/\A\s*([-*+]|\d+\.)\s+/)
        ordered = line.match?(/\A\s*\d+\./)
        tag = ordered ? "ol" : "ul"
        out << "<#{tag}>\n"
        while i < @lines.size && (m = @lines[i].match(/\A\s*(?:[-*+]|\d+\.)\s+(.*)/))
          item = m[1]
          if (cb = item.match(/\A\[([ xX])\]\s+/))
            checked = cb[1] == " " ? "" : " checked"
            item = "<input type=\"checkbox\"#{checked} disabled> " + inline(cb.post_match)
          else
            item = inline(item)
          end
          out << "  <li>" << item << "</li>\n"
          i += 1
        end
        out << "</#{tag}>\n"
      elsif line.start_with?(">")
        quote = []
        while i < @lines.size && @lines[i].start_with?(">")
          quote << @lines[i].sub(/\A>\s?/, "")
          i += 1
        end
        out << "<blockquote>" << inline(quote.join(" ")) << "</blockquote>\n"
      elsif line.match?(/\A(-{3,}|\*{3,})\s*\z/)
        out << "<hr>\n"
        i += 1
      else
        para = []
        while i < @lines.size && !@lines[i].strip.empty? && !@lines[i].match?(/\A(\#{1,6}\s|```|>|\s*([-*+]|\d+\.)\s)/)
          para << @lines[i].strip
          i += 1
        end
        out << "<p>" << inline(para.join(" ")) << "</p>\n"
      end
    end
    out
  end

  def toc_html
    @toc.map { |level, slug, text| "#{'  ' * (level - 1)}<a href=\"##{slug}\">#{escape(text)}</a>" }.join("\n")
  end

  private

  def escape(s) = s.gsub(/[&<>"]/, ESCAPE)

  def slugify(text)
    base = text.downcase.gsub(/[^a-z0-9\s-]/, "").strip.gsub(/\s+/, "-")
    n = (@slugs[base] += 1)
    n == 1 ? base : "#{base}-#{n - 1}"
  end

  def inline(text)
    codes = []
    s = text.gsub(/`([^`]+)`/) { codes << escape($1); "\u0000#{codes.size - 1}\u0000" }
    s = escape(s)
    s = s.gsub(/\[([^\]]+)\]\(([^)\s]+)(?:\s+&quot;([^&]*)&quot;)?\)/) do
      title = $3 ? %( title="#{$3}") : ""
      %(<a href="#{$2}"#{title}>#{$1}</a>)
    end
    s = s.gsub(%r{(?<![">])\bhttps?://[^\s<]+[^\s<.,;)]}) { |url| %(<a href="#{url}">#{url}</a>) }
    s = s.gsub(/\*\*(.+?)\*\*/, '<strong>\1</strong>')
    s = s.gsub(/(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])/, '<em>\1</em>')
    s = s.gsub(/~~(.+?)~~/, '<del>\1</del>')
    s.gsub(/\u0000(\d+)\u0000/) { "<code>#{codes[$1.to_i]}</code>" }
  end
end

seed = 7
rnd = lambda do |n|
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fff_ffff
  seed % n
end
WORDS = %w[the quick brown fox jumps over lazy dog render parse token <tag> a&b value node tree]
phrase = lambda do |n|
  Array.new(n) do
    w = WORDS[rnd.(WORDS.size)]
    case rnd.(14)
    when 0 then "**#{w}**"
    when 1 then "*#{w}*"
    when 2 then "`#{w}()`"
    when 3 then "[#{w}](https://example.com/#{w}?q=#{rnd.(99)} \"#{w} page\")"
    when 4 then "https://ex.org/#{w}/#{rnd.(9)}."
    when 5 then "~~#{w}~~"
    else w
    end
  end.join(" ")
end

sections = (0...30).map do |k|
  parts = ["## Section #{k % 11}: #{phrase.(3)}", ""]
  parts << phrase.(12 + rnd.(10)) << phrase.(8 + rnd.(8)) << ""
  if k.even?
    (2 + rnd.(4)).times { |j| parts << (k % 4 == 0 ? "#{j + 1}. #{phrase.(5)}" : "- [#{j.odd? ? 'x' : ' '}] #{phrase.(4)}") }
    parts << ""
  end
  if k % 3 == 0
    parts << "```ruby" << "def f(x) = x < 2 ? x : f(x - 1) + f(x - 2) # <fib> & co" << "puts f(#{k})" << "```" << ""
  end
  parts << "> #{phrase.(6)}" << "> #{phrase.(5)}" << "" if k % 5 == 0
  parts << "---" << "" if k % 7 == 6
  parts.join("\n")
end
doc = "# Generated document ###\n\n" + sections.join("\n")

bytes = 0
digest = 0
reps.times do |r|
  md = Markdown.new(r.even? ? doc : doc.sub("Generated", "Regenerated #{r}"))
  html = md.to_html
  toc = md.toc_html
  bytes += html.bytesize + toc.bytesize
  html.scan(/<(\w+)/) { |(tag)| digest = (digest * 17 + tag.sum) % 1_000_000_007 }
  digest = (digest + toc.count("\n")) % 1_000_000_007
end
html = Markdown.new(sections[0]).to_html
puts "docs=#{reps} bytes=#{bytes} digest=#{digest} first=#{html.lines.first.chomp[0, 70]}"
