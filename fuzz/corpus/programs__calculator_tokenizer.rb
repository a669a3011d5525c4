# Tokenizer + recursive-descent calculator with precedence, parens, unary minus, errors
class Calc
  TOKEN = /\s*(?:(\d+\.?\d*)|(.))/
  def initialize(src)
    @tokens = src.scan(TOKEN).map { |num, op| num ? num.include?(".") ? num.to_f : num.to_i : op }
    @pos = 0
  end
  def parse
    v = expr
    raise "unexpected #{peek.inspect}" if peek
    v
  end
  private
  def peek = @tokens[@pos]
  def take = (@pos += 1; @tokens[@pos - 1])
  def expr
    v = term
    while %w[+ -].include?(peek)
      take == "+" ? v += term : v -= term
    end
    v
  end
  def term
    v = factor
    while %w[* / %].include?(peek)
      case take
      when "*" then v *= factor
      when "/" then v /= factor
      when "%" then v %= factor
      end
    end
    v
  end
  def factor
    base = unary
    peek == "^" ? (take; base ** factor) : base
  end
  def unary
    return -unary if peek == "-" && take
    t = take
    case t
    when Numeric then t
    when "(" then v = expr; raise "missing )" unless take == ")"; v
    else raise "unexpected #{t.inspect}"
    end
  end
end
["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-4 + 10 / 3", "7 % 3 * 2.5", "10 / 4.0",
 "-(2 + 3) * -2", "2 * (3 + ", "4 + * 2", "1 / 0", "3 3"].each do |src|
  begin
    puts "#{src} = #{Calc.new(src).parse}"
  rescue ZeroDivisionError => e
    puts "#{src} -> error: #{e.message}"
  rescue => e
    puts "#{src} -> error: #{e.message}"
  end
end
