# did_you_mean (CRuby 3.1 loads it at start-up): the "Did you mean?"
# suggestions of NameError, NoMethodError, KeyError and
# NoMatchingPatternKeyError, its spell checker and its public API.

def show
  yield
rescue Exception => e
  puts "#{e.class}: #{e.message}"
  if e.respond_to?(:corrections)
    c = begin
      e.corrections.inspect
    rescue => err
      "#{err.class} (#{err.message})"
    end
    puts "  corrections: #{c}"
  end
  puts "--"
end

class Account
  attr_reader :balance
  def initialize; @balance = 0; @owner = "ann"; end
  def inspect; "#<Account>"; end
  def deposit(n); @balance += n; end
  def withdraw(n); @balance -= n; end
  def empty?; @balance.zero?; end
  def self.open_account; new; end
  def audit; secret_totl; end
  def ledger; balanse; end

  private

  def secret_total; 42; end
end

acct = Account.new
show { acct.deposlt(5) }
show { acct.withdrew(1) }
show { acct.emtpy? }
show { acct.balanc }
show { Account.open_acount }
show { acct.audit }             # private method, receiverless call
show { acct.ledger }            # vcall: suggests the reader
show { acct.secret_totl }       # public call: private methods not offered
show { [1, 2, 3].frist }
show { [1, 2, 3].maap { |x| x } }
show { "hello".upcsae }
show { 5.tims { } }
show { {a: 1}.fetc(:a) }
show { nil.lenght }              # nil's own methods are never suggested
show { nil.foo }
show { acct.zzzzzzzzzz }         # nothing close

# Local variables, methods and keywords for a bare name.
first_name = "x"
last_name = "y"
show { frist_name }
show { lst_name }
show { whiel }
show { foo }                    # never fork or for
show { prnt "x" }
show { [1].each { |item| itme } }

def helper_method; end
show { helper_metod }
show { helpr_method() }

# Constants, through the scopes of the receiver's name.
module Outer
  class Inner; end
  VALUE = 1
  module Deep; LIMIT = 3; end
end
show { Strng }
show { Hsh.new }
show { Fooo }
show { Outer::Iner }
show { Outer::VALEU }
show { Outer::Deep::LIMT }
show { Outer::Deep::Innr }
show { Math::PII }
show { Acount }
show { Zzzzzzzz }

# Class variables.
class Counter
  @@count = 0
  def self.peek; @@cuont; end
end
show { Counter.peek }

# Struct members.
Pt = Struct.new(:xpos, :ypos)
show { Pt.new(1, 2)[:xpoz] }
show { Pt.new(1, 2).xpoz }

# KeyError: close keys, and a String key that names a Symbol key.
h = {name: "ann", email: "a@b", age: 3}
show { h.fetch(:nmae) }
show { h.fetch("name") }
show { h.fetch(:zzzzzz) }
show { {"color" => 1}.fetch("colour") }
show { format("%<nme>s", name: 1) }
show { raise KeyError, "plain" }

# NoMatchingPatternKeyError.
show do
  case {name: "ann", role: :admin}
  in {nam: String}
    puts "no"
  end
end

# Explicit exceptions: a receiver makes suggestions possible.
show { raise NameError.new("undefined local variable or method `frist_name' for main", :frist_name) }
show { raise NoMethodError.new("undefined method `deposlt'", :deposlt, receiver: acct) }
class MyNameError < NameError; end
show { raise MyNameError.new("undefined method `deposlt'", :deposlt, receiver: acct) }

# The message is computed once; original_message has no suggestion.
begin
  acct.deposlt(1)
rescue NoMethodError => e
  puts e.message == e.message
  puts e.to_s.lines.last
  puts e.original_message.include?("Did you mean?")
  p e.corrections
end

# A method defined after the first failure is offered next time.
show { acct.transfr }
class Account; def transfer; end; end
show { acct.transfr }

# The API.
sc = DidYouMean::SpellChecker.new(dictionary: %w[first_name last_name name fist])
p sc.correct("frist_name")
p sc.correct("nme")
p sc.correct("zzz")
p DidYouMean::SpellChecker.new(dictionary: [:apple, :apply, :ample, :maple]).correct(:appel)
p DidYouMean::JaroWinkler.distance("hello", "helo").round(6)
p DidYouMean::JaroWinkler.distance("martha", "marhta").round(6)
p DidYouMean::Jaro.distance("dixon", "dicksonx").round(6)
p DidYouMean::Jaro.distance("abc", "xyz")
p DidYouMean::Levenshtein.distance("kitten", "sitting")
p DidYouMean::Levenshtein.distance("", "abc")
p DidYouMean::Levenshtein.distance("héllo", "hello")
p DidYouMean::Formatter.message_for(["a", "b"])
p DidYouMean::Formatter.message_for([])
p NameError.ancestors.first
p DidYouMean.spell_checkers["NoMethodError"]
p NoMethodError.new("x").private_call?

# Uncaught: the suggestion ends the report.
acct.withdarw(3)
