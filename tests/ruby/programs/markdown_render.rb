# A small Markdown-to-HTML converter with a StringScanner-based inline lexer
require 'strscan'
require 'cgi'

module Markdown
  class Error < StandardError; end

  Block = Struct.new(:kind, :lines, :level) do
    def to_s = "#<#{kind} #{lines.size} lines>"
  end

  class BlockParser
    HEADING = /\A(#{'#'}{1,6})\s+(.*?)\s*#*\s*\z/
    FENCE = /\A```(\w*)\s*\z/

    def initialize(text)
      @lines = text.lines.map(&:chomp)
    end

    def parse
      blocks = []
      i = 0
      while i < @lines.size
        line = @lines[i]
        case line
        when HEADING
          blocks << Block.new(:heading, [$2], $1.size)
          i += 1
        when FENCE
          lang = $1
          body = []
          i += 1
          while i < @lines.size && @lines[i] !~ /\A```\s*\z/
            body << @lines[i]
            i += 1
          end
          raise Error, "unterminated fence at line #{i}" if i >= @lines.size
          blocks << Block.new(:code, body, lang.empty? ? nil : lang)
          i += 1
        when /\A\s*[-*]\s+/
          items = []
          while i < @lines.size && @lines[i] =~ /\A\s*[-*]\s+(.*)/
            items << $1
            i += 1
          end
          blocks << Block.new(:ul, items)
        when /\A\s*\d+\.\s+/
          items = []
          while i < @lines.size && (m = @lines[i].match(/\A\s*(\d+)\.\s+(.*)/))
            items << m[2]
            i += 1
          end
          blocks << Block.new(:ol, items)
        when /\A>\s?(.*)/
          quote = []
          while i < @lines.size && @lines[i] =~ /\A>\s?(.*)/
            quote << $1
            i += 1
          end
          blocks << Block.new(:quote, quote)
        when /\A\s*\z/
          i += 1
        else
          para = []
          while i < @lines.size && @lines[i] !~ /\A\s*\z/ && @lines[i] !~ HEADING && @lines[i] !~ FENCE
            para << @lines[i].strip
            i += 1
          end
          blocks << Block.new(:para, para)
        end
      end
      blocks
    end
  end

  class Inline
    def self.render(text) = new(text).render

    def initialize(text)
      @ss = StringScanner.new(text)
      @out = +""
    end

    def render
      until @ss.eos?
        if @ss.scan(/`([^`]+)`/)
          @out << "<code>#{CGI.escapeHTML(@ss[1])}</code>"
        elsif @ss.scan(/\*\*(.+?)\*\*/)
          @out << "<strong>#{Inline.render(@ss[1])}</strong>"
        elsif @ss.scan(/\*(.+?)\*/) || @ss.scan(/_(.+?)_/)
          @out << "<em>#{Inline.render(@ss[1])}</em>"
        elsif @ss.scan(/\[([^\]]+)\]\(([^)\s]+)(?:\s+"([^"]*)")?\)/)
          title = @ss[3] ? %( title="#{CGI.escapeHTML(@ss[3])}") : ""
          @out << %(<a href="#{CGI.escapeHTML(@ss[2])}"#{title}>#{Inline.render(@ss[1])}</a>)
        elsif @ss.scan(/[^`*_\[]+/)
          @out << CGI.escapeHTML(@ss.matched)
        else
          @out << CGI.escapeHTML(@ss.getch)
        end
      end
      @out
    end
  end

  module Renderer
    module_function

    def slug(text)
      text.downcase.gsub(/[^a-z0-9\s-]/, '').strip.tr_s(' ', '-')
    end

    def render(blocks)
      toc = []
      html = blocks.map do |b|
        case b
        in { kind: :heading, level: Integer => lvl, lines: [title] }
          id = slug(title)
          toc << [lvl, title, id]
          %(<h#{lvl} id="#{id}">#{Inline.render(title)}</h#{lvl}>)
        in { kind: :code, lines:, level: lang }
          cls = lang ? %( class="language-#{lang}") : ""
          "<pre><code#{cls}>#{CGI.escapeHTML(lines.join("\n"))}</code></pre>"
        in { kind: :ul | :ol => k, lines: items }
          lis = items.map { |it| "  <li>#{Inline.render(it)}</li>" }.join("\n")
          "<#{k}>\n#{lis}\n</#{k}>"
        in { kind: :quote, lines: }
          "<blockquote>#{Inline.render(lines.join(' '))}</blockquote>"
        in { kind: :para, lines: }
          "<p>#{Inline.render(lines.join(' '))}</p>"
        end
      end
      [html, toc]
    end
  end

  def self.to_html(text)
    blocks = BlockParser.new(text).parse
    html, toc = Renderer.render(blocks)
    nav = toc.map { |lvl, t, id| "#{'  ' * (lvl - 1)}- [#{t}](##{id})" }
    { html: html.join("\n"), toc: nav, stats: blocks.group_by(&:kind).transform_values(&:size) }
  end
end

DOC = <<~MD
  # Release Notes v2.1

  This release brings **faster parsing**, *better* errors and a `--strict` mode.
  See [the guide](https://example.com/guide?a=1&b=2 "Guide & Tips") for details.

  ## Changes

  - Parser: handles `a < b && c > d` correctly
  - Lexer: _underscore emphasis_ and **nested *emphasis* inside**
  * Bullet with star

  1. First step
  2. Second step with [link](/x)

  > Quoted text with <tags> & "quotes"
  > spanning lines

  ```ruby
  def hello(name) = puts "Hello, \#{name} <b>"
  ```

  ### Edge-cases!! & Stuff ###
  Trailing *unclosed emphasis and a lone ` backtick
MD

result = Markdown.to_html(DOC)
puts result[:html]
puts "--- toc"
puts result[:toc]
puts "--- stats"
p result[:stats]
p result[:stats].sort_by { |k, v| [-v, k] }.first(3)

begin
  Markdown.to_html("```\nno end")
rescue Markdown::Error => e
  puts "#{e.class}: #{e.message}"
end

b = Markdown::Block.new(:para, %w[a b])
puts b, b.inspect
p b.to_h, b.deconstruct_keys([:kind])
p Markdown::Renderer.slug("Héllo, World -- Again!")
p Markdown::Inline.render("a*b*c **d** `e<f>` [g](h)")
ss = StringScanner.new("key = value; other=2")
p ss.scan(/\w+/), ss.pos, ss.skip(/\s*=\s*/), ss.check(/\w+/), ss.rest
p ss.scan_until(/;/), ss.pre_match, ss.matched?, ss.charpos
ss.unscan
p ss.pos
p ss.exist?(/=/), ss.search_full(/other/, false, true)
ss.terminate
p ss.eos?, ss.inspect
