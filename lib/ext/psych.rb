# psych.so's Ruby half (carmine). The native half (src/builtins/ext/psych.rs)
# only parses: Psych.__events turns a YAML string into a flat event list that
# Psych::Parser#parse replays onto its handler. The emitter below writes YAML
# text the way libyaml 0.2.5 does for the events and styles Psych asks for
# (scalar analysis, style fallback, line folding at the best width), so the
# installed psych/*.rb visitors produce CRuby's output.

require 'psych/syntax_error'

module Psych
  def self.libyaml_version
    [0, 2, 5]
  end

  class Handler; end

  class ClassLoader
    private

    def path2class(path)
      path.to_s.split('::').inject(Object) do |mod, name|
        raise ArgumentError, "undefined class/module #{path}" unless name.match?(/\A[A-Z]\w*\z/) && mod.const_defined?(name, false)
        mod.const_get(name, false)
      end
    end
  end

  module Visitors
    class Visitor; end

    class ToRuby < Visitor
      private

      def build_exception(klass, message)
        e = klass.allocate
        e.send(:initialize, message) rescue nil
        e
      end
    end
  end

  class Parser
    ANY = 0
    UTF8 = 1
    UTF16LE = 2
    UTF16BE = 3

    def parse(yaml, path = (yaml.respond_to?(:path) ? yaml.path : nil))
      text = yaml.respond_to?(:read) ? yaml.read : yaml
      raise TypeError, "no implicit conversion of #{yaml.class} into String" unless String === text
      events, error = Psych.__events(text)
      @mark = Mark.new(0, 0, 0)
      events.each do |ev|
        sl, sc, el, ec, index = ev[-5..]
        @mark = Mark.new(index, el, ec)
        @handler.event_location(sl, sc, el, ec)
        case ev[0]
        when :start_stream then @handler.start_stream(ev[1])
        when :start_document then @handler.start_document(ev[1], ev[2], ev[3])
        when :end_document then @handler.end_document(ev[1])
        when :alias then @handler.alias(ev[1])
        when :scalar then @handler.scalar(ev[1], ev[2], ev[3], ev[4], ev[5], ev[6])
        when :start_sequence then @handler.start_sequence(ev[1], ev[2], ev[3], ev[4])
        when :end_sequence then @handler.end_sequence
        when :start_mapping then @handler.start_mapping(ev[1], ev[2], ev[3], ev[4])
        when :end_mapping then @handler.end_mapping
        when :end_stream then @handler.end_stream
        end
      end
      raise Psych::SyntaxError.new(path, *error.values_at(1, 2, 0, 3, 4)) if error
      self
    end

    def mark
      @mark || Mark.new(0, 0, 0)
    end
  end

  class Emitter < Handler
    attr_accessor :canonical, :indentation, :line_width

    def initialize(io, options = nil)
      @io = io
      @canonical = options ? options.canonical : false
      @indentation = options ? options.indentation : 2
      @line_width = options ? options.line_width : 0
      @stack = []
      @doc = nil
    end

    def start_stream(encoding)
      self
    end

    def end_stream
      # A block scalar kept its trailing breaks at the end of the stream.
      @io.write("...\n") if @open_ended == 2
      self
    end

    def start_document(version, tag_directives, implicit)
      @doc = { implicit: implicit, version: version }
      @stack = [[:root, []]]
      self
    end

    def end_document(implicit_end = true)
      root = @stack.first[1].first
      @stack = []
      @open_ended = Writer.new(@io, best_indent, best_width, @canonical).document(@doc, root, implicit_end)
      self
    end

    def scalar(value, anchor, tag, plain, quoted, style)
      add [:scalar, value.to_s, anchor, tag, plain, quoted, style]
      self
    end

    def start_sequence(anchor, tag, implicit, style)
      node = [:seq, [], anchor, tag, implicit, style]
      add node
      @stack.push [node, node[1]]
      self
    end

    def end_sequence
      @stack.pop
      self
    end

    def start_mapping(anchor, tag, implicit, style)
      node = [:map, [], anchor, tag, implicit, style]
      add node
      @stack.push [node, node[1]]
      self
    end

    def end_mapping
      @stack.pop
      self
    end

    def alias(anchor)
      add [:alias, anchor]
      self
    end

    private

    def add(node)
      @stack.last[1] << node
    end

    def best_indent
      i = @indentation.to_i
      i > 1 && i < 10 ? i : 2
    end

    def best_width
      w = @line_width.to_i
      return 1 << 30 if w < 0
      w <= best_indent * 2 ? 80 : w
    end
  end
end


module Psych
  class Emitter
    # Writes one document's node tree as libyaml 0.2.5's emitter does.
    class Writer
      PLAIN = 1
      SINGLE = 2
      DOUBLE = 3
      LITERAL = 4
      FOLDED = 5
      FLOW = 2
      ESCAPES = { "\0" => '0', "\a" => 'a', "\b" => 'b', "\t" => 't', "\n" => 'n', "\v" => 'v', "\f" => 'f',
                  "\r" => 'r', "\e" => 'e', '"' => '"', '\\' => '\\', "\u0085" => 'N', "\u00A0" => '_',
                  "\u2028" => 'L', "\u2029" => 'P' }.freeze
      BREAKS = ["\r", "\n", "\u0085", "\u2028", "\u2029"].freeze
      URI_CHARS = /[0-9A-Za-z\-;\/?:@&=+$,_.~*'()\[\]!]/

      def initialize(io, best_indent, best_width, canonical)
        @io = io
        @best_indent = best_indent
        @best_width = best_width
        @canonical = canonical
        @out = +''
        @column = 0
        @whitespace = true
        @indention = true
        @indent = -1
        @indents = []
        @flow_level = 0
        @open_ended = 0
      end

      def document(doc, root, implicit_end)
        unless doc[:implicit]
          write_indent
          write_indicator('---', true, false, false)
          write_indent if @canonical
        end
        emit_node(root, root: true) if root
        write_indent
        if !implicit_end
          write_indicator('...', true, false, false)
          @open_ended = 0
          write_indent
        end
        @io.write(@out)
        @open_ended
      end

      private

      def break?(c) = BREAKS.include?(c)
      def space?(c) = c == ' '
      def blankz?(c) = c.nil? || c == ' ' || c == "\t" || break?(c)

      def printable?(c)
        o = c.ord
        o == 0x0A || (0x20..0x7E).cover?(o) || (0xA0..0xD7FF).cover?(o) ||
          ((0xE000..0xFFFD).cover?(o) && o != 0xFEFF)
      end

      def put(s)
        @out << s
        @column += 1
      end

      def put_break
        @out << "\n"
        @column = 0
      end

      def write(c)
        @out << c
        @column += 1
      end

      def write_break(c)
        if c == "\n"
          put_break
        else
          @out << c
          @column = 0
        end
      end

      def write_indent
        indent = @indent >= 0 ? @indent : 0
        put_break if !@indention || @column > indent || (@column == indent && !@whitespace)
        put(' ') while @column < indent
        @whitespace = true
        @indention = true
      end

      def write_indicator(ind, need_whitespace, is_whitespace, is_indention)
        put(' ') if need_whitespace && !@whitespace
        @out << ind
        @column += ind.length
        @whitespace = is_whitespace
        @indention &&= is_indention
      end

      def increase_indent(flow, indentless)
        @indents.push(@indent)
        if @indent < 0
          @indent = flow ? @best_indent : 0
        elsif !indentless
          @indent += @best_indent
        end
      end

      def pop_indent
        @indent = @indents.pop
      end

      # -- nodes ------------------------------------------------------

      def emit_node(node, root: false, sequence: false, mapping: false, simple_key: false)
        @root_context = root
        @sequence_context = sequence
        @mapping_context = mapping
        @simple_key_context = simple_key
        case node[0]
        when :alias then emit_alias(node)
        when :scalar then emit_scalar(node)
        when :seq then emit_sequence(node)
        when :map then emit_mapping(node)
        end
      end

      def emit_alias(node)
        write_anchor('*', node[1])
        put(' ') if @simple_key_context
      end

      def write_anchor(ind, name)
        return unless name
        write_indicator(ind, true, false, false)
        @out << name.to_s
        @column += name.to_s.length
        @whitespace = false
        @indention = false
      end

      # [handle, suffix] the way libyaml splits a tag with the default
      # directives, or nil.
      def analyze_tag(tag)
        return nil if tag.nil? || tag.empty?
        if tag.start_with?('tag:yaml.org,2002:') && tag.length > 18
          ['!!', tag[18..]]
        elsif tag.start_with?('!') && tag.length > 1
          ['!', tag[1..]]
        else
          [nil, tag]
        end
      end

      def write_tag(tag)
        return unless tag
        handle, suffix = tag
        if handle
          put(' ') unless @whitespace
          @out << handle
          @column += handle.length
          @whitespace = false
          @indention = false
          write_tag_content(suffix) if suffix && !suffix.empty?
        else
          write_indicator('!<', true, false, false)
          write_tag_content(suffix)
          write_indicator('>', false, false, false)
        end
      end

      def write_tag_content(suffix)
        suffix.each_char do |c|
          if URI_CHARS.match?(c)
            write(c)
          else
            c.b.each_byte { |b| @out << format('%%%02X', b); @column += 3 }
          end
        end
        @whitespace = false
        @indention = false
      end

      def empty_collection?(node)
        node[1].empty?
      end

      def simple_key?(node)
        length = 0
        case node[0]
        when :alias
          length = node[1].to_s.length
        when :scalar
          return false if node[1].match?(/[\r\n\u0085\u2028\u2029]/)
          tag = scalar_tag(node)
          length = node[2].to_s.length + (tag ? tag[0].to_s.length + tag[1].to_s.length : 0) + node[1].length
        when :seq, :map
          return false unless empty_collection?(node)
          tag = node[4] ? nil : analyze_tag(node[3])
          length = node[2].to_s.length + (tag ? tag[0].to_s.length + tag[1].to_s.length : 0)
        end
        length <= 128
      end

      def scalar_tag(node)
        _, _, _, tag, plain, quoted, = node
        tag && (@canonical || (!plain && !quoted)) ? analyze_tag(tag) : nil
      end

      def emit_scalar(node)
        _, value, anchor, _, plain, quoted, style = node
        tag = scalar_tag(node)
        a = analyze_scalar(value)
        style = select_style(value, a, tag, plain, quoted, style)
        tag = ['!', nil] if tag.nil? && !quoted && style != PLAIN
        write_anchor('&', anchor)
        write_tag(tag)
        increase_indent(true, false)
        allow_breaks = !@simple_key_context
        case style
        when PLAIN then write_plain(value, allow_breaks)
        when SINGLE then write_single(value, allow_breaks)
        when DOUBLE then write_double(value, allow_breaks)
        when LITERAL then write_literal(value)
        when FOLDED then write_folded(value)
        end
        pop_indent
      end

      def select_style(value, a, tag, plain, quoted, style)
        no_tag = tag.nil?
        style = PLAIN if style.nil? || style == 0
        style = DOUBLE if @canonical
        style = DOUBLE if @simple_key_context && a[:multiline]
        if style == PLAIN
          if (@flow_level > 0 && !a[:flow_plain]) || (@flow_level == 0 && !a[:block_plain])
            style = SINGLE
          end
          style = SINGLE if value.empty? && (@flow_level > 0 || @simple_key_context)
          style = SINGLE if no_tag && !plain
        end
        style = DOUBLE if style == SINGLE && !a[:single]
        if (style == LITERAL || style == FOLDED) && (!a[:block] || @flow_level > 0 || @simple_key_context)
          style = DOUBLE
        end
        style
      end

      SIMPLE = /\A[A-Za-z0-9_\/+][A-Za-z0-9_.\/+\- ]*(?<! )\z/
      SIMPLE_ANALYSIS = { multiline: false, flow_plain: true, block_plain: true, single: true, block: true }.freeze

      def analyze_scalar(value)
        # Letters, digits and a few safe marks with inner spaces: no
        # indicators, breaks or special characters (libyaml's result).
        return SIMPLE_ANALYSIS if SIMPLE.match?(value)
        if value.empty?
          return { multiline: false, flow_plain: false, block_plain: true, single: true, block: false }
        end
        chars = value.chars
        flow_ind = block_ind = false
        if value.start_with?('---') || value.start_with?('...')
          flow_ind = block_ind = true
        end
        leading_space = leading_break = trailing_space = trailing_break = false
        break_space = space_break = previous_space = previous_break = false
        line_breaks = special = false
        preceded = true
        followed = blankz?(chars[1])
        last = chars.length - 1
        chars.each_with_index do |c, i|
          if i == 0
            if '#,[]{}&*!|>\'"%@`'.include?(c)
              flow_ind = block_ind = true
            end
            if c == '?' || c == ':'
              flow_ind = true
              block_ind = true if followed
            end
            flow_ind = block_ind = true if c == '-' && followed
          else
            flow_ind = true if ',?[]{}'.include?(c)
            if c == ':'
              flow_ind = true
              block_ind = true if followed
            end
            flow_ind = block_ind = true if c == '#' && preceded
          end
          special = true if !printable?(c) || c == "\uFEFF"
          line_breaks = true if break?(c)
          if space?(c)
            leading_space = true if i == 0
            trailing_space = true if i == last
            break_space = true if previous_break
            previous_space = true
            previous_break = false
          elsif break?(c)
            leading_break = true if i == 0
            trailing_break = true if i == last
            space_break = true if previous_space
            previous_break = true
            previous_space = false
          else
            previous_space = previous_break = false
          end
          preceded = blankz?(c)
          followed = blankz?(chars[i + 2]) if i + 1 <= last
        end
        flow_plain = block_plain = single = block = true
        if leading_space || leading_break || trailing_space || trailing_break
          flow_plain = block_plain = false
        end
        block = false if trailing_space
        flow_plain = block_plain = single = false if break_space
        flow_plain = block_plain = single = block = false if space_break || special
        flow_plain = block_plain = false if line_breaks
        flow_plain = false if flow_ind
        block_plain = false if block_ind
        { multiline: line_breaks, flow_plain: flow_plain, block_plain: block_plain, single: single, block: block }
      end

      def write_plain(value, allow_breaks)
        put(' ') if !@whitespace && (!value.empty? || @flow_level > 0)
        if (!allow_breaks || @column + value.length <= @best_width) && !value.match?(/[\r\n\u0085\u2028\u2029]/)
          # No space can come past the best width: nothing to fold.
          @out << value
          @column += value.length
          @whitespace = false
          @indention = false
          return
        end
        spaces = breaks = false
        chars = value.chars
        chars.each_with_index do |c, i|
          if space?(c)
            if allow_breaks && !spaces && @column > @best_width && !space?(chars[i + 1])
              write_indent
            else
              write(c)
            end
            spaces = true
          elsif break?(c)
            put_break if !breaks && c == "\n"
            write_break(c)
            @indention = true
            breaks = true
          else
            write_indent if breaks
            write(c)
            @indention = false
            spaces = breaks = false
          end
        end
        @whitespace = false
        @indention = false
      end

      def write_single(value, allow_breaks)
        write_indicator("'", true, false, false)
        spaces = breaks = false
        chars = value.chars
        last = chars.length - 1
        chars.each_with_index do |c, i|
          if space?(c)
            if allow_breaks && !spaces && @column > @best_width && i != 0 && i != last && !space?(chars[i + 1])
              write_indent
            else
              write(c)
            end
            spaces = true
          elsif break?(c)
            put_break if !breaks && c == "\n"
            write_break(c)
            @indention = true
            breaks = true
          else
            write_indent if breaks
            write("'") if c == "'"
            write(c)
            @indention = false
            spaces = breaks = false
          end
        end
        write_indent if breaks
        write_indicator("'", false, false, false)
        @whitespace = false
        @indention = false
      end

      def write_double(value, allow_breaks)
        write_indicator('"', true, false, false)
        spaces = false
        chars = value.chars
        last = chars.length - 1
        chars.each_with_index do |c, i|
          if !printable?(c) || c == "\uFEFF" || break?(c) || c == '"' || c == '\\'
            write('\\')
            if (e = ESCAPES[c])
              write(e)
            else
              o = c.ord
              hex = if o <= 0xFF then format('x%02X', o)
                    elsif o <= 0xFFFF then format('u%04X', o)
                    else format('U%08X', o)
                    end
              @out << hex
              @column += hex.length
            end
            spaces = false
          elsif space?(c)
            if allow_breaks && !spaces && @column > @best_width && i != 0 && i != last
              write_indent
              write('\\') if space?(chars[i + 1])
            else
              write(c)
            end
            spaces = true
          else
            write(c)
            spaces = false
          end
        end
        write_indicator('"', false, false, false)
        @whitespace = false
        @indention = false
      end

      def block_hints(value)
        hints = +''
        hints << @best_indent.to_s if space?(value[0]) || break?(value[0])
        open_ended = 0
        last = value[-1]
        if !break?(last)
          hints << '-'
        elsif value.length == 1 || break?(value[-2])
          hints << '+'
          open_ended = 2
        end
        write_indicator(hints, false, false, false) unless hints.empty?
        @open_ended = open_ended
      end

      def write_literal(value)
        write_indicator('|', true, false, false)
        block_hints(value)
        put_break
        @indention = true
        @whitespace = true
        breaks = true
        value.each_char do |c|
          if break?(c)
            write_break(c)
            @indention = true
            breaks = true
          else
            write_indent if breaks
            write(c)
            @indention = false
            breaks = false
          end
        end
      end

      def write_folded(value)
        write_indicator('>', true, false, false)
        block_hints(value)
        put_break
        @indention = true
        @whitespace = true
        breaks = true
        leading_spaces = true
        chars = value.chars
        chars.each_with_index do |c, i|
          if break?(c)
            if !breaks && !leading_spaces && c == "\n"
              k = 0
              k += 1 while break?(chars[i + k])
              put_break unless blankz?(chars[i + k])
            end
            write_break(c)
            @indention = true
            breaks = true
          else
            if breaks
              write_indent
              leading_spaces = c == ' ' || c == "\t"
            end
            if !breaks && space?(c) && !space?(chars[i + 1]) && @column > @best_width
              write_indent
            else
              write(c)
            end
            @indention = false
            breaks = false
          end
        end
      end

      def emit_sequence(node)
        _, items, anchor, tag, implicit, style = node
        write_anchor('&', anchor)
        write_tag(implicit ? nil : analyze_tag(tag))
        if @flow_level > 0 || @canonical || style == FLOW || items.empty?
          emit_flow(items, '[', ']') { |item| emit_node(item, sequence: true) }
        else
          increase_indent(false, @mapping_context && !@indention)
          items.each do |item|
            write_indent
            write_indicator('-', true, false, true)
            emit_node(item, sequence: true)
          end
          pop_indent
        end
      end

      def emit_mapping(node)
        _, items, anchor, tag, implicit, style = node
        write_anchor('&', anchor)
        write_tag(implicit ? nil : analyze_tag(tag))
        pairs = items.each_slice(2).to_a
        if @flow_level > 0 || @canonical || style == FLOW || items.empty?
          emit_flow_mapping(pairs)
        else
          increase_indent(false, false)
          pairs.each do |key, value|
            write_indent
            if simple_key?(key)
              emit_node(key, mapping: true, simple_key: true)
              write_indicator(':', false, false, false)
            else
              write_indicator('?', true, false, true)
              emit_node(key, mapping: true)
              write_indent
              write_indicator(':', true, false, true)
            end
            emit_node(value, mapping: true)
          end
          pop_indent
        end
      end

      def emit_flow(items, open, close)
        write_indicator(open, true, true, false)
        increase_indent(true, false)
        @flow_level += 1
        items.each_with_index do |item, i|
          write_indicator(',', false, false, false) if i > 0
          write_indent if @canonical || @column > @best_width
          yield item
        end
        @flow_level -= 1
        pop_indent
        write_indicator(close, false, false, false)
      end

      def emit_flow_mapping(pairs)
        write_indicator('{', true, true, false)
        increase_indent(true, false)
        @flow_level += 1
        pairs.each_with_index do |(key, value), i|
          write_indicator(',', false, false, false) if i > 0
          write_indent if @canonical || @column > @best_width
          if !@canonical && simple_key?(key)
            emit_node(key, mapping: true, simple_key: true)
            write_indicator(':', false, false, false)
          else
            write_indicator('?', true, false, false)
            emit_node(key, mapping: true)
            write_indicator(':', true, false, false)
          end
          emit_node(value, mapping: true)
        end
        @flow_level -= 1
        pop_indent
        write_indicator('}', false, false, false)
      end
    end
  end
end
