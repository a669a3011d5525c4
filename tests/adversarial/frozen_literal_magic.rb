# frozen_string_literal: true
def t(label)
  r = yield
  puts "#{label}: #{r.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message.lines.first.to_s.chomp}"
end
t(:lit) { "a" << "b" }
t(:interp) { "a#{1}".frozen? }
t(:same) { "x".equal?("x") }
t(:heredoc) { <<~X.frozen? }
  hi
X
t(:dstr_append) { "#{2}a" << "b" }
t(:percent) { %w[a b].first.frozen? }
t(:sym_str) { :abc.to_s.frozen? }
