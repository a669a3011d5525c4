# Class macros inherited by subclasses with per-class storage (validations DSL)
class Validator
  def self.rules = @rules ||= (superclass.respond_to?(:rules) ? superclass.rules.dup : [])
  def self.validates(attr, **opts) = rules << [attr, opts]
  def initialize(**data) = @data = data
  def errors
    self.class.rules.flat_map do |attr, opts|
      v = @data[attr]
      errs = []
      errs << "#{attr} is required" if opts[:presence] && (v.nil? || v.to_s.empty?)
      errs << "#{attr} is too short" if opts[:min] && v.to_s.size < opts[:min]
      errs << "#{attr} must match #{opts[:format].source}" if opts[:format] && v && v !~ opts[:format]
      errs
    end
  end
end
class Signup < Validator
  validates :email, presence: true, format: /@/
  validates :name, presence: true
end
class AdminSignup < Signup
  validates :name, min: 5
end
p Signup.new(email: "x@y", name: "al").errors
p Signup.new(email: "bad").errors
p AdminSignup.new(email: "a@b", name: "al").errors
p Signup.rules.size, AdminSignup.rules.size, Validator.rules
