# Backtrace lines through blocks and each, with block in method labels
class Processor
  def run(items)
    items.each_with_index do |item, i|
      process(item, i)
    end
  end
  def process(item, i)
    raise ArgumentError, "bad item #{item.inspect} at #{i}" unless item.is_a?(Integer)
    puts "ok #{item}"
  end
end
Processor.new.run([1, 2, "three", 4])
