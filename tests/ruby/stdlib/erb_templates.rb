# The real erb: result_with_hash, result(binding), trim modes, line numbers
# of errors in a template, def_method.
require "erb"
t = ERB.new(<<~T, trim_mode: "-")
  Dear <%= name %>,
  <%- items.each do |i| -%>
    * <%= i.upcase %>
  <%- end -%>
  Total: <%= items.size %>
T
puts t.result_with_hash(name: "Ann", items: %w[tea jam])
name = "Bob"
items = ["x"]
puts t.result(binding)
puts ERB.new("<% 3.times do |i| %><%= i %>,<% end %>\n").result
puts ERB.new("a <%% b %%> <%# comment %>c\n").result
e = ERB.new("line1\n<%= 1 + 1 %>\n<%= raise 'boom' %>\n")
e.filename = "tpl.erb"
begin
  e.result
rescue => ex
  p ex.message, ex.backtrace[0][/\A[^:]+:\d+/]
end
class Page
  extend ERB::DefMethod
  def initialize(t) = @title = t
end
erb = ERB.new("<h1><%= @title %></h1>")
erb.def_method(Page, "render()")
puts Page.new("Home").render
puts ERB::Util.html_escape("<a href='x'>&</a>")
