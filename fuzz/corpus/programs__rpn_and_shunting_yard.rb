# Convert infix to RPN with the shunting-yard algorithm, then evaluate the RPN
PREC = {"+" => 1, "-" => 1, "*" => 2, "/" => 2, "^" => 3}
RIGHT = ["^"]
def to_rpn(expr)
  out, ops = [], []
  expr.scan(/\d+|[-+*\/^()]/).each do |t|
    case t
    when /\d/ then out << t
    when "(" then ops << t
    when ")"
      out << ops.pop while ops.last != "("
      ops.pop
    else
      while (top = ops.last) && top != "(" &&
            (PREC[top] > PREC[t] || (PREC[top] == PREC[t] && !RIGHT.include?(t)))
        out << ops.pop
      end
      ops << t
    end
  end
  out.concat(ops.reverse)
end
def eval_rpn(tokens)
  tokens.each_with_object([]) do |t, st|
    if t =~ /\d/ then st << t.to_i
    else
      b, a = st.pop, st.pop
      st << (t == "^" ? a**b : a.send(t, b))
    end
  end.last
end
["3 + 4 * 2 / ( 1 - 5 ) ^ 2 ^ 3", "(1 + 2) * (3 + 4)", "2 ^ 3 ^ 2", "100 / 10 / 5", "7 - 2 - 1"].each do |e|
  rpn = to_rpn(e)
  puts "#{e}  =>  #{rpn.join(" ")}  =  #{eval_rpn(rpn)}"
end
