# A tiny template engine with {{var}}, {{#each}} loops, {{#if}} and filters
class Template
  def initialize(src) = @src = src
  def render(ctx) = expand(@src, ctx)
  private
  def lookup(ctx, path) = path.split(".").reduce(ctx) { |o, k| o.is_a?(Hash) ? o[k.to_sym] : o&.public_send(k) }
  def expand(src, ctx)
    src = src.gsub(/\{\{#each (\w+)\}\}(.*?)\{\{\/each\}\}/m) do
      items, body = lookup(ctx, $1), $2
      Array(items).each_with_index.map { |it, i| expand(body, ctx.merge(it: it, index: i + 1)) }.join
    end
    src = src.gsub(/\{\{#if ([\w.]+)\}\}(.*?)(?:\{\{else\}\}(.*?))?\{\{\/if\}\}/m) do
      lookup(ctx, $1) ? expand($2, ctx) : expand($3.to_s, ctx)
    end
    src.gsub(/\{\{([\w.]+)((?:\s*\|\s*\w+)*)\}\}/) do
      val, filters = lookup(ctx, $1), $2.scan(/\w+/)
      filters.reduce(val.to_s) do |v, f|
        case f
        when "upcase" then v.upcase
        when "reverse" then v.reverse
        when "length" then v.length.to_s
        else "[unknown filter #{f}]"
        end
      end
    end
  end
end
tpl = Template.new(<<~T)
  Hello {{user.name | upcase}}!
  {{#if admin}}You are an admin.{{else}}You are a guest.{{/if}}
  Orders:
  {{#each orders}}  {{index}}. {{it.item}} x{{it.qty}}
  {{/each}}Name reversed: {{user.name | reverse | upcase}} ({{user.name | length}} chars) {{user.name | bogus}}
T
puts tpl.render({user: {name: "ada"}, admin: false,
                 orders: [{item: "book", qty: 2}, {item: "pen", qty: 10}]})
puts Template.new("{{#if x}}yes{{/if}}|{{missing}}|").render({x: 1})
