# did_you_mean, as CRuby 3.1 loads it at start-up (did_you_mean 1.6.1):
# NameError, NoMethodError, KeyError and NoMatchingPatternKeyError
# messages end in "Did you mean?" and the closest names. The spell
# checker ranks a dictionary by Jaro-Winkler similarity, then keeps the
# names within a Levenshtein distance of a quarter of the input's length
# (or, failing that, the best one that is not a complete rewrite).
# Not here: LoadError's require-path suggestions, the verbose formatter.
module DidYouMean
  module Jaro
    module_function

    # Jaro similarity of two Strings (0.0 to 1.0) over codepoints, with
    # did_you_mean's window (half the longer length, less one).
    def distance(a, b)
      a, b = b, a if a.length > b.length
      # The Strings' lengths, as did_you_mean's (Array#length may be
      # redefined by the program).
      short_len = a.length
      long_len = b.length
      short = a.codepoints
      long = b.codepoints
      window = long_len / 2 - 1
      window = 0 if window < 0
      short_hit = []
      long_hit = []
      matches = 0.0
      i = 0
      while i < short_len
        j = i >= window ? i - window : 0
        last = i + window
        while j <= last
          if !long_hit[j] && short[i] == long[j]
            long_hit[j] = true
            short_hit[i] = true
            matches += 1
            break
          end
          j += 1
        end
        i += 1
      end
      transposed = 0.0
      k = 0
      i = 0
      while i < short_len
        if short_hit[i]
          at = k
          at += 1 while at < long_len && !long_hit[at]
          k = at + 1
          transposed += 1 if short[i] != long[at]
        end
        i += 1
      end
      transposed = (transposed / 2).floor
      return 0 if matches == 0
      (matches / short_len + matches / long_len + (matches - transposed) / matches) / 3
    end
  end

  module JaroWinkler
    WEIGHT = 0.1
    THRESHOLD = 0.7

    module_function

    # Jaro similarity, raised for a common prefix of up to four
    # codepoints once it passes THRESHOLD.
    def distance(a, b)
      jaro = Jaro.distance(a, b)
      return jaro unless jaro > THRESHOLD
      theirs = b.codepoints
      prefix = 0
      a.each_codepoint do |c|
        break unless c == theirs[prefix] && prefix < 4
        prefix += 1
      end
      jaro + prefix * WEIGHT * (1 - jaro)
    end
  end

  module Levenshtein
    module_function

    # Edit distance (insertions, deletions, substitutions) over codepoints.
    def distance(a, b)
      n = a.length
      m = b.length
      return m if n.zero?
      return n if m.zero?
      row = (0..m).to_a
      theirs = b.codepoints
      last = nil
      a.codepoints.each_with_index do |c, ai|
        prev = ai + 1
        j = 0
        while j < m
          cost = c == theirs[j] ? 0 : 1
          last = min3(row[j + 1] + 1, prev + 1, row[j] + cost)
          row[j] = prev
          prev = last
          j += 1
        end
        row[m] = last
      end
      last
    end

    def min3(a, b, c)
      if a < b && a < c
        a
      elsif b < c
        b
      else
        c
      end
    end
  end

  class SpellChecker
    def initialize(dictionary:)
      @dictionary = dictionary
    end

    def correct(input)
      target = normalize(input)
      cut = target.length > 3 ? 0.834 : 0.77
      words = @dictionary.select { |w| JaroWinkler.distance(normalize(w), target) >= cut }
      words.reject! { |w| input.to_s == w.to_s }
      words.sort_by! { |w| JaroWinkler.distance(w.to_s, target) }
      words.reverse!
      # Mistypes: a few edits away.
      edits = (target.length * 0.25).ceil
      found = words.select { |w| Levenshtein.distance(normalize(w), target) <= edits }
      return found unless found.empty?
      # Misspellings: the best one that is not a complete rewrite.
      words.select do |w|
        w = normalize(w)
        shorter = target.length < w.length ? target.length : w.length
        Levenshtein.distance(w, target) < shorter
      end.first(1)
    end

    private

    def normalize(word)
      word.to_s.downcase.tr("@", "")
    end
  end

  class NullChecker
    def initialize(*); end

    def corrections
      []
    end
  end

  class MethodNameChecker
    attr_reader :method_name, :receiver

    RB_RESERVED_WORDS = %i[alias case def defined? elsif end ensure for rescue super
                           undef unless until when while yield].freeze

    def initialize(exception)
      @method_name = exception.name
      @receiver = exception.receiver
      @private_call = exception.respond_to?(:private_call?) ? exception.private_call? : false
    end

    def corrections
      @corrections ||= begin
        words = method_names
        words = RB_RESERVED_WORDS + words if @private_call
        SpellChecker.new(dictionary: words).correct(method_name) - names_to_exclude
      end
    end

    def method_names
      return [] unless Object === receiver
      names = receiver.methods + receiver.singleton_methods
      names += receiver.private_methods if @private_call
      names.uniq!
      names
    end

    # `nil.foo` never suggests nil's own methods.
    def names_to_exclude
      Object === receiver && receiver.class == NilClass ? nil.methods : []
    end
  end

  class VariableNameChecker
    attr_reader :name, :method_names, :lvar_names, :ivar_names, :cvar_names

    RB_RESERVED_WORDS = %i[BEGIN END alias and begin break case class def defined? else
                           elsif end ensure false for module next nil not redo rescue
                           retry return self super then true undef unless until when
                           while yield __LINE__ __FILE__ __ENCODING__].freeze

    def initialize(exception)
      @name = exception.name.to_s.tr("@", "")
      @lvar_names = exception.respond_to?(:local_variables) ? exception.local_variables : []
      receiver = exception.receiver
      @method_names = receiver.methods + receiver.private_methods
      @ivar_names = receiver.instance_variables
      @cvar_names = receiver.class.class_variables
      @cvar_names += receiver.class_variables if receiver.kind_of?(Module)
    end

    def corrections
      @corrections ||= begin
        words = RB_RESERVED_WORDS + lvar_names + method_names + ivar_names + cvar_names
        found = SpellChecker.new(dictionary: words).correct(name)
        @name == "foo" ? found - %i[fork for] : found
      end
    end
  end

  class ClassNameChecker
    # A constant's name, remembering the scope it was found in.
    class ClassName
      attr_reader :namespace

      def initialize(name, namespace = "")
        @name = name.to_s
        @namespace = namespace
      end

      def to_s
        @name
      end

      def full_name
        "#{@namespace}#{@name}"
      end
    end
    private_constant :ClassName

    attr_reader :class_name

    def initialize(exception)
      @class_name = exception.name
      @receiver = exception.receiver
      @original_message = exception.original_message
    end

    def corrections
      @corrections ||= SpellChecker.new(dictionary: class_names)
                                   .correct(class_name)
                                   .map(&:full_name)
                                   .reject { |full| @original_message.include?(full) }
    end

    def class_names
      scopes.flat_map do |scope|
        prefix = scope == Object ? "" : "#{scope}::"
        scope.constants.map { |c| ClassName.new(c, prefix) }
      end
    end

    # Object, then each module the receiver's name goes through.
    def scopes
      @scopes ||= @receiver.to_s.split("::").inject([Object]) do |found, part|
        found << found.last.const_get(part)
      end.uniq
    end
  end

  # NameError's checker depends on what went wrong.
  NameErrorCheckers = Object.new
  class << NameErrorCheckers
    def new(exception)
      case exception.original_message
      when /uninitialized constant/
        ClassNameChecker
      when /undefined local variable or method/, /undefined method/,
           /uninitialized class variable/, /no member '.*' in struct/
        VariableNameChecker
      else
        NullChecker
      end.new(exception)
    end
  end

  class KeyErrorChecker
    def initialize(error)
      @key = error.key
      @keys = error.receiver.keys
    end

    def corrections
      @corrections ||= begin
        exact = @keys.select { |k| @key == k.to_s }.map(&:inspect)
        exact.empty? ? SpellChecker.new(dictionary: @keys).correct(@key).map(&:inspect) : exact
      end
    end
  end

  class PatternKeyNameChecker < KeyErrorChecker
    def initialize(error)
      @key = error.key
      @keys = error.matchee.keys
    end
  end

  class Formatter
    def self.message_for(corrections)
      corrections.empty? ? "" : "\nDid you mean?  #{corrections.join("\n               ")}"
    end
  end

  module Correctable
    SKIP_TO_S_FOR_SUPER_LOOKUP = true
    private_constant :SKIP_TO_S_FOR_SUPER_LOOKUP

    # The message without suggestions (but with error_highlight's snippet).
    def original_message
      meth = method(:to_s)
      meth = meth.super_method while meth.owner.const_defined?(:SKIP_TO_S_FOR_SUPER_LOOKUP)
      meth.call
    end

    def to_s
      msg = super.dup
      suggestion = DidYouMean.formatter.message_for(corrections)
      msg << suggestion unless msg.include?(suggestion)
      msg
    rescue
      super
    end

    def corrections
      @corrections ||= spell_checker.corrections
    end

    def spell_checker
      DidYouMean.spell_checkers[self.class.to_s].new(self)
    end
  end

  @spell_checkers = Hash.new(NullChecker)
  @formatter = Formatter

  class << self
    attr_accessor :formatter

    attr_reader :spell_checkers

    # Suggestions for `error_class` come from `spell_checker`.
    def correct_error(error_class, spell_checker)
      @spell_checkers[error_class.to_s] = spell_checker
      error_class.prepend(Correctable) if error_class.is_a?(Class) && !(error_class < Correctable)
    end
  end

  # What `correct_error` does, without a method call at start-up (the
  # dispatch counters report the program's calls only).
  @spell_checkers["NameError"] = NameErrorCheckers
  @spell_checkers["KeyError"] = KeyErrorChecker
  @spell_checkers["NoMethodError"] = MethodNameChecker
  @spell_checkers["NoMatchingPatternKeyError"] = PatternKeyNameChecker
  NameError.prepend(Correctable)
  KeyError.prepend(Correctable)
  NoMatchingPatternKeyError.prepend(Correctable)
end
