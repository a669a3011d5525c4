module Validations
  class Error < StandardError
    attr_reader :errors
    def initialize(errors)
      @errors = errors
      super("#{errors.size} error#{'s' unless errors.size == 1}: #{errors.map { |f, m| "#{f} #{m}" }.join('; ')}")
    end
  end

  def self.included(base)
    base.extend ClassMethods
    base.instance_variable_set(:@validations, [])
  end

  module ClassMethods
    attr_reader :validations

    def inherited(sub)
      super
      sub.instance_variable_set(:@validations, validations.dup)
    end

    def validates(*fields, presence: false, length: nil, format: nil, numericality: nil, if: nil)
      cond = binding.local_variable_get(:if)
      fields.each do |f|
        validations << [f, :presence, nil, cond] if presence
        validations << [f, :length, length, cond] if length
        validations << [f, :format, format, cond] if format
        validations << [f, :numericality, numericality, cond] if numericality
      end
    end

    def attribute(name, type = String, default: nil)
      define_method(name) { @attributes.fetch(name) { default.respond_to?(:call) ? default.call : default } }
      define_method(:"#{name}=") do |v|
        @attributes[name] = case [type, v]
                            in [_, nil] then nil
                            in [Integer, String] then Integer(v, exception: false) || v
                            in [Float, String | Integer] then Float(v, exception: false) || v
                            in [Symbol, String] then v.to_sym
                            else v
                            end
      end
      (@attribute_names ||= []) << name
    end

    def attribute_names = ancestors.select { |a| a.instance_variable_defined?(:@attribute_names) }.reverse.flat_map { _1.instance_variable_get(:@attribute_names) }
  end

  def valid?
    @errors = []
    self.class.validations.each do |field, kind, opt, cond|
      next if cond && !instance_exec(&cond)
      v = public_send(field)
      case kind
      when :presence
        @errors << [field, "can't be blank"] if v.nil? || (v.respond_to?(:empty?) && v.empty?)
      when :length
        next if v.nil?
        len = v.to_s.length
        @errors << [field, "is too short (minimum is #{opt[:minimum]})"] if opt[:minimum] && len < opt[:minimum]
        @errors << [field, "is too long (maximum is #{opt[:maximum]})"] if opt[:maximum] && len > opt[:maximum]
        @errors << [field, "is the wrong length"] if opt[:in] && !opt[:in].cover?(len)
      when :format
        @errors << [field, "is invalid"] unless v.nil? || opt[:with].match?(v.to_s)
      when :numericality
        unless v.is_a?(Numeric)
          @errors << [field, "is not a number"]
          next
        end
        opt.each do |check, bound|
          ok = { greater_than: -> { v > bound }, less_than_or_equal_to: -> { v <= bound }, only_integer: -> { !bound || v.integer? } }.fetch(check).call
          @errors << [field, "must be #{check.to_s.tr('_', ' ')} #{bound}"] unless ok
        end
      end
    end
    @errors.empty?
  end

  def validate! = valid? || raise(Error.new(@errors))
  def errors = @errors || []
end

class Model
  include Validations
  include Comparable

  def initialize(**attrs)
    @attributes = {}
    attrs.each do |k, v|
      raise ArgumentError, "unknown attribute: #{k}" unless respond_to?(:"#{k}=")
      public_send(:"#{k}=", v)
    end
  end

  def to_h = self.class.attribute_names.to_h { [_1, public_send(_1)] }
  def inspect = "#<#{self.class.name} #{to_h.map { |k, v| "#{k}: #{v.inspect}" }.join(', ')}>"
  def <=>(other) = to_h.values.map(&:to_s) <=> other.to_h.values.map(&:to_s)
  def method_missing(name, *args)
    if name.end_with?("?") && self.class.attribute_names.include?(name[0..-2].to_sym)
      !!public_send(name[0..-2])
    else
      super
    end
  end
  def respond_to_missing?(name, include_private = false)
    (name.end_with?("?") && self.class.attribute_names.include?(name[0..-2].to_sym)) || super
  end
end

class User < Model
  attribute :name
  attribute :email
  attribute :age, Integer
  attribute :role, Symbol, default: :member
  attribute :tags, Array, default: -> { [] }
  validates :name, presence: true, length: { minimum: 2, maximum: 10 }
  validates :email, format: { with: /\A[^@\s]+@[^@\s]+\.[a-z]{2,}\z/i }
  validates :age, numericality: { greater_than: 0, only_integer: true }, if: -> { role == :member }
end

class Admin < User
  attribute :level, Float, default: 1.0
  validates :level, numericality: { less_than_or_equal_to: 5 }
end

users = [
  User.new(name: "Ann", email: "ann@example.com", age: "34"),
  User.new(name: "", email: "bad email", age: "x"),
  User.new(name: "Bartholomew Q", email: "b@q.io", age: -3, role: "guest"),
  Admin.new(name: "Root", email: "root@host.org", age: 50, level: "7.5", role: :admin),
  Admin.new(name: "Al", email: nil, age: 2.5),
]
users.each do |u|
  puts u.inspect
  puts u.valid? ? "  valid" : u.errors.map { |f, m| "  #{f} #{m}" }
end
p users.map(&:tags), users.first.tags.equal?(users.first.tags)
p users.first.name?, users[1].name?, users.first.respond_to?(:email?), users.first.respond_to?(:nope?)
begin
  users.first.nope?
rescue NoMethodError => e
  puts e.message[/undefined method `nope\?' for #<User/] ? "NoMethodError ok" : e.message
end
begin
  users[1].validate!
rescue Validations::Error => e
  puts e.message, e.errors.size
end
begin
  User.new(nmae: "typo")
rescue ArgumentError => e
  puts e.message
end
p User.validations.size, Admin.validations.size, Model.validations.size
p Admin.attribute_names
p users.sort.map(&:name)
p users.min.name, users.max_by { _1.to_h.size }.class
p Admin.instance_method(:level).owner, Admin.instance_method(:name).owner, User.method_defined?(:level=)
p Admin.ancestors.take_while { _1 != Object }
