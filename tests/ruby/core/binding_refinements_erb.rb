# Refinements active where a binding was taken (or eval called) are
# active in the evaluated code; ERB#result(binding) sees later changes.
require "erb"
module R; refine(String) { def shout = upcase + "!" }; end
using R
p eval('"b".shout'); b = binding; p b.eval('"c".shout')
def m(b) = b.eval('"d".shout'); p m(binding)
name = "world"
t = ERB.new("Hello <%= name.shout %> <% 2.times do |i| %>[<%= i %>]<% end %>\n")
b = binding
print t.result(binding)
name = "again"
print t.result(b)
def render(t, name) = t.result(binding)
print render(t, "meth")
print ERB.new("<%= x = 5 %><%= x + 1 %>\n").result(b)
p defined?(x)
