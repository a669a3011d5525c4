require 'set'
require 'time'

Book = Struct.new(:isbn, :title, :author, :year, :tags, :copies, keyword_init: true) do
  include Comparable
  def <=>(other) = [author, year, title] <=> [other.author, other.year, other.title]
  def decade = year / 10 * 10
  def to_s = format("%-28s %-18s %4d", title[0, 28], author, year)
end

class Catalog
  include Enumerable

  Loan = Struct.new(:isbn, :member, :out, :due) do
    def overdue?(today) = today > due
    def days_late(today) = ((today - due) / 86_400).floor
  end

  class NotAvailable < StandardError
    attr_reader :book
    def initialize(book)
      @book = book
      super("no copies left of #{book.title.inspect}")
    end
  end

  def initialize
    @books = {}
    @loans = []
    @members = Set.new
  end

  def <<(book)
    @books[book.isbn] = book
    self
  end

  def each(&) = @books.each_value(&)

  def lend(isbn, member, at:)
    book = @books.fetch(isbn) { raise KeyError, "unknown isbn #{isbn}" }
    out = @loans.count { |l| l.isbn == isbn }
    raise NotAvailable, book if out >= book.copies
    @members << member
    @loans << Loan.new(isbn, member, at, at + 14 * 86_400)
    @loans.last
  end

  def give_back(isbn, member)
    idx = @loans.index { |l| l.isbn == isbn && l.member == member } or
      return nil
    @loans.delete_at(idx)
  end

  def overdue(today)
    @loans.select { |l| l.overdue?(today) }
          .sort_by { |l| [-l.days_late(today), l.member] }
  end

  def members = @members.to_a.sort
end

cat = Catalog.new
data = [
  ["978-0-13-110362-7", "The C Programming Language", "Kernighan", 1978, %w[c classic], 2],
  ["978-0-201-63361-0", "Design Patterns", "Gamma", 1994, %w[oo patterns], 1],
  ["978-1-934356-47-0", "Programming Ruby 1.9", "Thomas", 2009, %w[ruby], 3],
  ["978-0-596-51617-8", "The Ruby Programming Language", "Flanagan", 2008, %w[ruby reference], 1],
  ["978-0-262-51087-5", "Structure and Interpretation of Computer Programs", "Abelson", 1996, %w[lisp classic], 2],
  ["978-0-201-83595-3", "The Mythical Man-Month", "Brooks", 1995, %w[management classic], 1],
  ["978-1-59327-584-6", "The Well-Grounded Rubyist", "Black", 2019, %w[ruby], 2],
]
data.each do |isbn, title, author, year, tags, copies|
  cat << Book.new(isbn: isbn, title: title, author: author, year: year, tags: tags.to_set, copies: copies)
end

puts "== sorted (Comparable) =="
cat.sort.each { |b| puts b }
puts "== by decade =="
cat.group_by(&:decade).sort.each do |decade, books|
  puts "#{decade}s: #{books.map(&:author).sort.join(', ')}"
end
puts "== tags =="
tag_counts = cat.flat_map { |b| b.tags.to_a }.tally.sort_by { |t, n| [-n, t] }
tag_counts.each_slice(3) { |row| puts row.map { |t, n| "#{t}=#{n}".ljust(14) }.join.rstrip }
p cat.min_by(&:year).title, cat.max(2) { |a, b| a.year <=> b.year }.map(&:year)
p cat.sum(&:copies), cat.minmax_by { |b| b.title.size }.map { _1.title.size }
p cat.partition { |b| b.tags.include?("ruby") }.map(&:size)
p cat.each_with_index.select { |b, i| i.even? }.map { |b, _| b.isbn[-5..] }
p cat.lazy.select { |b| b.year > 1990 }.map(&:author).first(3)
p cat.each_slice(3).map { |s| s.sum(&:year) }
p cat.chunk_while { |a, b| b.year > a.year }.map { |c| c.map(&:year) }

t0 = Time.utc(2024, 3, 1, 9, 30)
puts "== loans =="
[["978-0-201-63361-0", "ann"], ["978-0-201-63361-0", "bob"], ["978-1-934356-47-0", "cy"],
 ["978-0-13-110362-7", "dee"], ["000", "eve"], ["978-0-201-83595-3", "bob"]].each_with_index do |(isbn, who), i|
  loan = cat.lend(isbn, who, at: t0 + i * 3 * 86_400)
  puts "#{who} borrows #{isbn} until #{loan.due.strftime('%a %d %b %Y')}"
rescue Catalog::NotAvailable => e
  puts "#{who}: #{e.message} (#{e.book.copies} copies)"
rescue KeyError => e
  puts "#{who}: #{e.message}"
end
p cat.give_back("978-0-13-110362-7", "dee")&.member, cat.give_back("nope", "x")
today = Time.parse("2024-03-25 12:00:00 UTC")
cat.overdue(today).each do |l|
  printf("%-4s %-20s %2d days late (out %s)\n", l.member, l.isbn, l.days_late(today), l.out.iso8601)
end
p cat.members
h = cat.to_h { |b| [b.isbn[-3..], b.year] }
p h.select { |_, y| y < 2000 }.keys, h.min_by(2, &:last), h.sum { _2 } / h.size.to_f
p h.each_with_object(Hash.new(0)) { |(_, y), acc| acc[y.even? ? :even : :odd] += 1 }
b = cat.first
p b.to_h.except(:tags, :isbn), b.members.size, b == b.dup, b.eql?(b.dup), b.frozen?
p Book.members, (Book.new(year: 1) rescue $!.class)
p cat.first.to_a.last(2), cat.first.values_at(1, 3)
puts Time.at(0).utc.iso8601(3), (t0 + 0.5).usec, t0.yday, t0.wday, (t0 - Time.utc(2024, 1, 1)).div(86_400)
puts t0.strftime("%Y-%m-%dT%H:%M:%S%:z|%j|%U|%e|%-m/%-d|%I%p|%A")
