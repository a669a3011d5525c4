# frozen_string_literal: true
#
# Prime: the parts of CRuby's prime.rb programs use (Prime.each / first /
# take / lazy, Prime.prime?, Integer#prime?, prime_division, int_from_prime_division).
class Prime
  include Enumerable

  class << self
    include Enumerable

    def instance = @instance ||= new

    def each(ubound = nil, &block) = instance.each(ubound, &block)
    def prime?(value) = instance.prime?(value)
    def prime_division(value) = instance.prime_division(value)
    def int_from_prime_division(pd) = instance.int_from_prime_division(pd)
  end
  private_class_method :new

  def each(ubound = nil, &block)
    gen = EratosthenesGenerator.new
    gen.upper_bound = ubound
    gen.each(&block)
  end

  def prime?(value)
    raise ArgumentError, "Expected an integer, got #{value}" unless value.respond_to?(:integer?) && value.integer?
    return false if value < 2
    return true if value < 4
    return false if value.even? || value % 3 == 0
    i = 5
    while i * i <= value
      return false if value % i == 0 || value % (i + 2) == 0
      i += 6
    end
    true
  end

  def int_from_prime_division(pd)
    pd.inject(1) { |value, (prime, index)| value * prime**index }
  end

  def prime_division(value)
    raise ZeroDivisionError if value == 0
    pv = []
    if value < 0
      value = -value
      pv.push [-1, 1]
    end
    d = 2
    while d * d <= value
      count = 0
      while value % d == 0
        value /= d
        count += 1
      end
      pv.push [d, count] if count > 0
      d += d == 2 ? 1 : 2
    end
    pv.push [value, 1] if value > 1
    pv
  end

  class PseudoPrimeGenerator
    include Enumerable

    attr_accessor :upper_bound

    def initialize(ubound = nil)
      @upper_bound = ubound
    end

    def each
      return self.dup unless block_given?
      if @upper_bound
        loop do
          p = succ
          break if p > @upper_bound
          yield p
        end
      else
        loop { yield succ }
      end
    end

    def with_index(offset = 0, &block)
      return enum_for(:with_index, offset) { Float::INFINITY } unless block
      each { |prime| yield prime, offset; offset += 1 }
    end

    def size = Float::INFINITY
  end

  class EratosthenesGenerator < PseudoPrimeGenerator
    def initialize
      @last_prime = nil
      super
    end

    def succ
      @last_prime = if @last_prime.nil? then 2
                    elsif @last_prime == 2 then 3
                    else
                      n = @last_prime + 2
                      n += 2 until Prime.instance.prime?(n)
                      n
                    end
    end
    alias next succ

    def rewind
      initialize
    end
  end
end

class Integer
  def self.from_prime_division(pd) = Prime.int_from_prime_division(pd)
  def prime_division = Prime.prime_division(self)
  def prime? = Prime.prime?(self)

  def self.each_prime(ubound, &block) = Prime.each(ubound, &block)
end
