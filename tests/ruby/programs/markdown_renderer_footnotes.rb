require 'strscan'
require 'cgi'

class MiniMarkdown
  Block = Struct.new(:kind, :lines, :level, keyword_init: true)

  INLINE_RULES = [
    [/\*\*(.+?)\*\*/, '<strong>\1</strong>'],
    [/(?<!\*)\*(?!\*)(.+?)\*/, '<em>\1</em>'],
    [/`([^`]+)`/, ->(m) { "<code>#{CGI.escapeHTML(m[1])}</code>" }],
    [/\[([^\]]+)\]\(([^)\s]+)(?:\s+"([^"]*)")?\)/, ->(m) {
      title = m[3] ? %( title="#{m[3]}") : ""
      %(<a href="#{m[2]}"#{title}>#{m[1]}</a>)
    }],
  ].freeze

  def initialize(src)
    @src = src
    @footnotes = {}
    @toc = []
  end

  def blocks
    out = []
    cur = nil
    @src.each_line(chomp: true) do |line|
      case line
      when /\A(\#{1,6})\s+(.*)\z/
        out << cur if cur
        cur = nil
        out << Block.new(kind: :heading, lines: [$2], level: $1.size)
      when /\A\s*[-*+]\s+(.*)/
        if cur&.kind == :ul then cur.lines << $1
        else
          out << cur if cur
          cur = Block.new(kind: :ul, lines: [$1])
        end
      when /\A\s*(\d+)\.\s+(.*)/
        if cur&.kind == :ol then cur.lines << $2
        else
          out << cur if cur
          cur = Block.new(kind: :ol, lines: [$2], level: $1.to_i)
        end
      when /\A```(\w*)/
        if cur&.kind == :code
          out << cur; cur = nil
        else
          out << cur if cur
          cur = Block.new(kind: :code, lines: [], level: $1.empty? ? nil : $1)
        end
      when /\A\[\^(\w+)\]:\s*(.*)/
        @footnotes[$1] = $2
      when /\A\s*\z/
        if cur&.kind == :code then cur.lines << ""
        else
          out << cur if cur
          cur = nil
        end
      when /\A>\s?(.*)/
        if cur&.kind == :quote then cur.lines << $1
        else
          out << cur if cur
          cur = Block.new(kind: :quote, lines: [$1])
        end
      else
        if cur && %i[para code].include?(cur.kind) then cur.lines << line
        else
          out << cur if cur
          cur = Block.new(kind: :para, lines: [line])
        end
      end
    end
    out << cur if cur
    out
  end

  def inline(text)
    text = CGI.escapeHTML(text).gsub("&quot;", '"')
    INLINE_RULES.each do |re, rep|
      text = rep.is_a?(Proc) ? text.gsub(re) { rep.(Regexp.last_match) } : text.gsub(re, rep)
    end
    text.gsub(/\[\^(\w+)\]/) do
      key = $1
      idx = @footnotes.keys.index(key)
      idx ? %(<sup id="fnref-#{key}"><a href="#fn-#{key}">#{idx + 1}</a></sup>) : $&
    end
  end

  def slug(text)
    base = text.downcase.gsub(/[^a-z0-9\s-]/, '').strip.tr_s(' ', '-')
    n = @toc.count { |(s, *)| s.start_with?(base) }
    n.zero? ? base : "#{base}-#{n}"
  end

  def render
    html = blocks.map do |b|
      case b
      in {kind: :heading, level:, lines: [text]}
        id = slug(text)
        @toc << [id, level, text]
        %(<h#{level} id="#{id}">#{inline(text)}</h#{level}>)
      in {kind: :ul, lines:}
        "<ul>\n" + lines.map { |l| "  <li>#{inline(l)}</li>" }.join("\n") + "\n</ul>"
      in {kind: :ol, lines:, level: start}
        attr = start == 1 ? "" : %( start="#{start}")
        "<ol#{attr}>\n" + lines.map { |l| "  <li>#{inline(l)}</li>" }.join("\n") + "\n</ol>"
      in {kind: :code, lines:, level: lang}
        cls = lang ? %( class="language-#{lang}") : ""
        "<pre><code#{cls}>#{CGI.escapeHTML(lines.join("\n"))}</code></pre>"
      in {kind: :quote, lines:}
        "<blockquote>#{inline(lines.join(' '))}</blockquote>"
      in {kind: :para, lines:}
        "<p>#{inline(lines.join(' '))}</p>"
      end
    end
    unless @footnotes.empty?
      items = @footnotes.map { |k, v| %(  <li id="fn-#{k}">#{inline(v)} <a href="#fnref-#{k}">&#8617;</a></li>) }
      html << %(<ol class="footnotes">\n#{items.join("\n")}\n</ol>)
    end
    html.join("\n")
  end

  def toc
    @toc.map { |id, level, text| "#{'  ' * (level - 1)}- [#{text}](##{id})" }.join("\n")
  end
end

doc = <<~'MD'
  # Release Notes

  This release has **big** changes & some *small* ones.[^perf]

  ## What's New
  - Faster `Hash#each` with <tags>
  - A [link](https://example.com "Example") and [another](/docs)
  * mixed *bullets* here

  ## What's New
  3. third item
  4. fourth with `a < b`

  > Quoted text that
  > spans lines with **bold**

  ```ruby
  def hello(x)
    puts "<#{x}>"
  end

  hello(1)
  ```

  Plain paragraph
  continued on a second line. Unknown note [^nope].

  ### Edge: "quotes" & stuff!
  [^perf]: Measured on *real* workloads.
MD

md = MiniMarkdown.new(doc)
puts md.render
puts "--- TOC"
puts md.toc
p md.blocks.map(&:kind).tally
p md.blocks.group_by(&:kind).transform_values(&:size).sort_by { |k, v| [-v, k] }.first(3)
