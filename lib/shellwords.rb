# frozen_string_literal: true
#
# Shellwords: split a string the way a POSIX shell would, and escape/join
# words for one (CRuby's shellwords.rb behaviour).
module Shellwords
  module_function

  def shellsplit(line)
    words = []
    field = nil
    i = 0
    n = line.length
    while i < n
      c = line[i]
      if c =~ /\s/
        if field
          words << field
          field = nil
        end
        i += 1
      elsif c == "'"
        close = line.index("'", i + 1)
        raise ArgumentError, "Unmatched quote: #{line.inspect}" unless close
        (field ||= String.new) << line[(i + 1)...close]
        i = close + 1
      elsif c == '"'
        field ||= String.new
        i += 1
        loop do
          raise ArgumentError, "Unmatched quote: #{line.inspect}" if i >= n
          d = line[i]
          if d == '"'
            i += 1
            break
          elsif d == "\\" && i + 1 < n && "$`\"\\\n".include?(line[i + 1])
            field << line[i + 1] unless line[i + 1] == "\n"
            i += 2
          else
            field << d
            i += 1
          end
        end
      elsif c == "\\"
        field ||= String.new
        if i + 1 < n
          field << line[i + 1] unless line[i + 1] == "\n"
          i += 2
        else
          i += 1
        end
      else
        (field ||= String.new) << c
        i += 1
      end
    end
    words << field if field
    words
  end
  alias shellwords shellsplit
  module_function :shellwords

  def shellescape(str)
    str = str.to_s
    return "''" if str.empty?
    str = str.dup
    str.gsub!(/[^A-Za-z0-9_\-.,:+\/@\n]/, "\\\\\\&")
    str.gsub!(/\n/, "'\n'")
    str
  end

  def shelljoin(array)
    array.map { |arg| shellescape(arg) }.join(" ")
  end

  class << self
    alias split shellsplit
    alias escape shellescape
    alias join shelljoin
  end
end

class String
  def shellsplit = Shellwords.split(self)
  def shellescape = Shellwords.escape(self)
end

class Array
  def shelljoin = Shellwords.join(self)
end
