# A spreadsheet: formulas with precedence climbing, dependency order via TSort,
# cycles, number formatting, and a report.
require 'tsort'
require 'forwardable'
require 'bigdecimal'
require 'bigdecimal/util'

class Sheet
  include TSort
  extend Forwardable
  def_delegators :@cells, :size, :key?
  include Enumerable

  Cell = Struct.new(:ref, :src, :value, :error, keyword_init: true)
  REF = /\b([A-Z])(\d+)\b/

  def initialize
    @cells = {}
  end

  def []=(ref, src)
    @cells[ref] = Cell.new(ref: ref, src: src.to_s)
  end

  def [](ref) = @cells.fetch(ref) { Cell.new(ref: ref, src: '', value: 0) }

  def each(&) = @cells.values.sort_by { |c| [c.ref[/\d+/].to_i, c.ref[0]] }.each(&)

  def deps(cell)
    return [] unless cell.src.start_with?('=')
    cell.src.scan(/\b([A-Z]\d+)(?::([A-Z]\d+))?/).flat_map do |a, b|
      b ? range(a, b) : [a]
    end.uniq
  end

  def range(a, b)
    (a[0]..b[0]).flat_map { |col| (a[1..].to_i..b[1..].to_i).map { |row| "#{col}#{row}" } }
  end

  def tsort_each_node(&) = @cells.each_key(&)
  def tsort_each_child(ref, &) = deps(self[ref]).each(&)

  def recalc
    strongly_connected_components.each do |scc|
      if scc.size > 1 || deps(self[scc[0]]).include?(scc[0])
        scc.each { |r| self[r].error = "#CYCLE(#{scc.sort.join(',')})" }
        next
      end
      cell = self[scc[0]]
      evaluate(cell)
    end
    self
  end

  def evaluate(cell)
    cell.error = nil
    src = cell.src
    cell.value =
      if src.start_with?('=')
        Formula.new(src[1..], self).value
      elsif src.match?(/\A-?\d+\z/) then src.to_i
      elsif src.match?(/\A-?\d*\.\d+\z/) then src.to_d
      else src
      end
  rescue Formula::Error, ZeroDivisionError => e
    cell.error = e.is_a?(ZeroDivisionError) ? '#DIV/0!' : "#ERR(#{e.message})"
  end
end

class Formula
  class Error < StandardError; end
  PREC = { '+' => 1, '-' => 1, '*' => 2, '/' => 2, '^' => 3 }.freeze
  FUNCS = {
    'SUM' => ->(xs) { xs.sum(0) },
    'AVG' => ->(xs) { xs.empty? ? raise(Error, 'empty') : xs.sum(0).to_d / xs.size },
    'MAX' => ->(xs) { xs.max }, 'MIN' => ->(xs) { xs.min },
    'COUNT' => ->(xs) { xs.size },
  }.freeze

  def initialize(src, sheet)
    @toks = src.scan(/\d+\.\d+|\d+|[A-Z]+\(|[A-Z]\d+(?::[A-Z]\d+)?|[-+*\/^(),]|\S/)
    @sheet = sheet
    @pos = 0
  end

  def value
    v = expr(0)
    raise Error, "trailing #{@toks[@pos]}" if @pos < @toks.size
    v
  end

  private

  def peek = @toks[@pos]
  def take = @toks[@pos].tap { @pos += 1 }

  def expr(min)
    lhs = unary
    while (op = peek) && PREC[op] && PREC[op] >= min
      take
      rhs = expr(op == '^' ? PREC[op] : PREC[op] + 1)
      lhs = apply(op, lhs, rhs)
    end
    lhs
  end

  def apply(op, a, b)
    raise Error, "type #{a.class}" unless a.is_a?(Numeric) && b.is_a?(Numeric)
    case op
    when '+' then a + b
    when '-' then a - b
    when '*' then a * b
    when '/' then b.zero? ? raise(ZeroDivisionError) : (a.is_a?(Integer) && b.is_a?(Integer) && a % b != 0 ? a.to_d / b : a / b)
    when '^' then a**b
    end
  end

  def unary
    return -unary if peek == '-' && take
    primary
  end

  def primary
    tok = take or raise Error, 'unexpected end'
    case tok
    when /\A\d+\z/ then tok.to_i
    when /\A\d+\.\d+\z/ then tok.to_d
    when '('
      v = expr(0)
      take == ')' or raise Error, 'missing )'
      v
    when /\A([A-Z]+)\(\z/
      f = FUNCS.fetch($1) { raise Error, "unknown #{$1}" }
      args = []
      until peek == ')'
        args.concat(operand_list)
        take if peek == ','
      end
      take
      f.(args)
    when /\A[A-Z]\d+\z/ then cell_value(tok)
    else raise Error, "unexpected #{tok}"
    end
  end

  def operand_list
    if peek&.include?(':')
      a, b = take.split(':')
      @sheet.range(a, b).map { |r| cell_value(r) }.grep(Numeric)
    else
      [expr(0)]
    end
  end

  def cell_value(ref)
    c = @sheet[ref]
    raise Error, "ref #{ref}" if c.error
    c.value
  end
end

def fmt(v)
  case v
  when BigDecimal then v.round(2).to_s('F')
  when Integer then v.to_s.reverse.scan(/\d{1,3}/).join(',').reverse.then { |s| v.negative? ? "-#{s}" : s }
  when nil then ''
  else v.to_s
  end
end

s = Sheet.new
data = {
  'A1' => 'Item', 'B1' => 'Qty', 'C1' => 'Price', 'D1' => 'Total',
  'A2' => 'Widget', 'B2' => '12', 'C2' => '2.50', 'D2' => '=B2*C2',
  'A3' => 'Gadget', 'B3' => '3', 'C3' => '19.99', 'D3' => '=B3*C3',
  'A4' => 'Gizmo', 'B4' => '1200', 'C4' => '0.10', 'D4' => '=B4*C4',
  'A5' => 'Sum', 'B5' => '=SUM(B2:B4)', 'D5' => '=SUM(D2:D4)',
  'A6' => 'Avg', 'C6' => '=AVG(C2:C4)', 'D6' => '=D5/COUNT(D2:D4)',
  'A7' => 'Pow', 'B7' => '=2^3^2', 'C7' => '=-2^2', 'D7' => '=(1+2)*3-4/2',
  'A8' => 'Div', 'B8' => '=7/2', 'C8' => '=B2/0', 'D8' => '=10/5',
  'A9' => 'Cyc', 'B9' => '=C9+1', 'C9' => '=B9*2', 'D9' => '=D9',
  'A10' => 'Bad', 'B10' => '=FOO(1)', 'C10' => '=1+', 'D10' => '=B9+1',
  'A11' => 'Big', 'B11' => '=B4^5', 'C11' => '=MAX(B2:B4)-MIN(B2:B4)', 'D11' => '=A2+1',
}
data.each { |k, v| s[k] = v }
s.recalc
puts "cells: #{s.size}, has A1: #{s.key?('A1')}, has Z9: #{s.key?('Z9')}"
s.each_slice(4) do |row|
  puts row.map { |c| (c.error || fmt(c.value)).to_s.rjust(14) }.join(' |')
end
puts s.strongly_connected_components.first(6).inspect
errs = s.select(&:error).map { |c| "#{c.ref}=#{c.error}" }
puts errs
puts s.group_by { |c| c.value.class }.transform_values(&:size).sort_by { |k, _| k.to_s }.inspect
puts BigDecimal('19.99').mult(3, 10).to_s, (BigDecimal('1') / 3).round(5).to_s, BigDecimal('0.1').add(BigDecimal('0.2'), 5).to_digits
puts 1.5.to_d.class, '3.14159'.to_d.truncate(2).to_f
begin
  s.tsort
rescue TSort::Cyclic => e
  puts "tsort: #{e.class}: #{e.message}"
end
