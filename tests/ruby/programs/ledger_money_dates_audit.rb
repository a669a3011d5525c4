# frozen_string_literal: true
require 'date'
require 'set'
require 'json'

module Auditable
  def self.prepended(base)
    base.extend(ClassMethods)
  end

  module ClassMethods
    def audited(*names)
      names.each do |name|
        orig = instance_method(name)
        define_method(name) do |*args, **kw, &blk|
          (@audit ||= []) << [name, args.map(&:to_s)]
          kw.empty? ? orig.bind_call(self, *args, &blk) : orig.bind_call(self, *args, **kw, &blk)
        end
      end
    end
  end

  def audit_trail = (@audit || []).map { |n, a| "#{n}(#{a.join(', ')})" }
end

class Money
  include Comparable
  attr_reader :cents, :currency
  RATES = { "USD" => 1r, "EUR" => 11/10r, "GBP" => 127/100r }.freeze

  def initialize(cents, currency = "USD")
    raise ArgumentError, "unknown currency #{currency}" unless RATES.key?(currency)
    @cents = Integer(cents)
    @currency = currency
    freeze
  end

  def self.parse(str)
    m = /\A(?<sign>-)?(?<cur>[A-Z]{3})\s*(?<whole>\d{1,3}(?:,\d{3})*|\d+)(?:\.(?<frac>\d{2}))?\z/.match(str) or
      raise ArgumentError, "bad money: #{str.inspect}"
    cents = m[:whole].delete(",").to_i * 100 + m[:frac].to_i
    new(m[:sign] ? -cents : cents, m[:cur])
  end

  def to_usd = Money.new((cents * RATES[currency]).round(half: :even), "USD")
  def +(o) = Money.new(cents + o.to_usd.cents * (currency == "USD" ? 1 : 1), "USD").then { |m| currency == "USD" ? m : Money.new(to_usd.cents + o.to_usd.cents) }
  def -@ = Money.new(-cents, currency)
  def <=>(o) = o.is_a?(Money) ? to_usd.cents <=> o.to_usd.cents : nil
  def zero? = cents.zero?
  def hash = [cents, currency].hash
  def eql?(o) = o.is_a?(Money) && cents == o.cents && currency == o.currency

  def to_s
    whole, frac = cents.abs.divmod(100)
    "#{'-' if cents.negative?}#{currency} #{whole.to_s.reverse.scan(/\d{1,3}/).join(',').reverse}.#{format('%02d', frac)}"
  end
  alias inspect to_s
  def to_json(*a) = { cents: cents, currency: currency }.to_json(*a)
end

class Ledger
  prepend Auditable
  include Enumerable
  Entry = Struct.new(:date, :account, :amount, :memo, :tags)

  def initialize = @entries = []

  def post(date, account, amount, memo = nil, tags: [])
    date = Date.iso8601(date) if date.is_a?(String)
    amount = Money.parse(amount) if amount.is_a?(String)
    @entries << Entry.new(date, account, amount, memo, tags.to_set).freeze
    self
  end
  audited :post

  def each(&) = @entries.sort_by { |e| [e.date, e.account] }.each(&)

  def balance(account = nil, on: nil)
    select { |e| (account.nil? || e.account == account) && (on.nil? || e.date <= on) }
      .sum(Money.new(0)) { |e| e.amount }
  end

  def monthly
    group_by { |e| e.date.strftime("%Y-%m") }.transform_values { |es| es.sum(Money.new(0), &:amount) }
  end

  def tagged(tag) = lazy.select { |e| e.tags.include?(tag) }.map(&:memo)
end

l = Ledger.new
l.post("2024-01-31", "cash", "USD 1,250.00", "salary", tags: %i[income])
 .post("2024-02-29", "cash", "-USD 80.45", "groceries", tags: %i[food weekly])
 .post(Date.new(2024, 2, 1) >> 1, "card", "-EUR 19.99", "streaming", tags: %i[subscription])
 .post("2024-03-15", "savings", Money.new(50_000), "transfer")
 .post("2024-01-05", "card", "-GBP 3.50", "coffee", tags: %i[food])

l.each { |e| puts format("%s %-8s %14s %s", e.date.strftime("%a %d %b %Y"), e.account, e.amount, e.memo) }
puts "cash: #{l.balance('cash')}"
puts "all by Feb: #{l.balance(on: Date.new(2024, 2, 29))}"
puts "total: #{l.balance}"
l.monthly.each { |m, v| puts "#{m}: #{v}" }
p l.tagged(:food).to_a
p l.tagged(:food).first
p l.min_by(&:amount).memo, l.max_by(&:amount).memo
p l.minmax_by { |e| e.date.yday }.map(&:memo)
puts l.audit_trail.first(2)
p l.map(&:amount).uniq.size, l.map(&:amount).to_set.size
puts JSON.generate(l.first(2).map(&:to_h))
puts JSON.pretty_generate(l.partition { |e| e.amount > Money.new(0) }.map { |g| g.map(&:memo) })
p (Date.new(2024, 1, 31) >> 1).to_s, Date.new(2024, 3, 1).prev_day.leap?, (Date.new(2024, 12, 25) - Date.new(2024, 1, 1)).to_i
p Date.parse("2024-02-30") rescue p $!
p Money.parse("USD 12.5") rescue p $!
begin
  Money.new(1, "JPY")
rescue => e
  p e
end
s = "frozen"
begin
  s << "x"
rescue => e
  p e.class, e.message
end
p Money.new(100, "EUR").frozen?, Money.new(100, "EUR") == Money.new(110), Money.new(100, "EUR").eql?(Money.new(110))
p Money.new(5).clamp(Money.new(10), Money.new(20))
p [Money.new(3), Money.new(1, "GBP"), Money.new(2, "EUR")].sort
