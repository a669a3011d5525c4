# Vending machine state machine with transitions table and invalid transitions
class Vending
  TRANSITIONS = {
    idle: {coin: :has_coin, refund: :idle},
    has_coin: {coin: :has_coin, select: :vending, refund: :idle},
    vending: {done: :idle}
  }
  attr_reader :state, :credit, :log
  def initialize = (@state, @credit, @log = :idle, 0, [])
  def fire(event, arg = nil)
    nxt = TRANSITIONS.dig(@state, event)
    unless nxt
      @log << "!! #{event} invalid in #{@state}"
      return self
    end
    case event
    when :coin then @credit += arg
    when :refund then @log << "refunded #{@credit}" if @credit > 0; @credit = 0
    when :select
      if @credit < 150
        @log << "need #{150 - @credit} more"
        return self
      end
      @credit -= 150
      @log << "vending #{arg}"
    when :done then @log << "change #{@credit}" if @credit > 0; @credit = 0
    end
    @log << "#{@state} --#{event}--> #{nxt}"
    @state = nxt
    self
  end
end
v = Vending.new
v.fire(:select, "cola").fire(:coin, 100).fire(:select, "cola").fire(:coin, 100)
 .fire(:select, "cola").fire(:coin, 5).fire(:done).fire(:coin, 50).fire(:refund)
puts v.log
p v.state, v.credit
