# HTML-ish builder using instance_exec, blocks with arguments and nesting
class Builder
  def initialize = (@out = []; @depth = 0)
  def tag(name, text = nil, **attrs, &blk)
    a = attrs.map { |k, v| " #{k}=\"#{v}\"" }.join
    if blk
      @out << "#{"  " * @depth}<#{name}#{a}>"
      @depth += 1
      instance_exec(name, &blk)
      @depth -= 1
      @out << "#{"  " * @depth}</#{name}>"
    else
      @out << "#{"  " * @depth}<#{name}#{a}>#{text}</#{name}>"
    end
    self
  end
  def result = @out.join("\n")
end
items = %w[one two]
html = Builder.new.tag(:ul, class: "list") do |parent|
  items.each { |i| tag(:li, i) }
  tag(:li, "parent was #{parent}")
end
puts html.result
