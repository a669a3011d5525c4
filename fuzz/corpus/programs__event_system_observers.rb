# Event emitter with observers, once-handlers, unsubscribe and error isolation
class Emitter
  def initialize = @handlers = Hash.new { |h, k| h[k] = [] }
  def on(evt, once: false, &blk)
    @handlers[evt] << [blk, once]
    -> { @handlers[evt].reject! { |b, _| b.equal?(blk) } }
  end
  def emit(evt, *args)
    list = @handlers[evt].dup
    list.each do |blk, once|
      begin
        blk.call(*args)
      rescue => e
        puts "  handler error: #{e.message}"
      end
      @handlers[evt].delete_if { |b, _| b.equal?(blk) } if once
    end
    list.size
  end
end
class Logger
  attr_reader :lines
  def initialize = @lines = []
  def update(*args) = @lines << args.join(" ")
end
em = Emitter.new
log = Logger.new
em.on(:order) { |id, amt| puts "order #{id}: $#{amt}" }
off = em.on(:order) { |id, _| puts "audit #{id}" }
em.on(:order, once: true) { |id, _| puts "first order bonus for #{id}" }
em.on(:order) { |id, amt| raise "too big" if amt > 100 }
em.on(:order, &log.method(:update))
p em.emit(:order, 1, 50)
p em.emit(:order, 2, 500)
off.call
p em.emit(:order, 3, 5)
p em.emit(:nothing)
p log.lines
