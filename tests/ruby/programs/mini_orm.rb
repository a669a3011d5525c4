module MiniORM
  class RecordInvalid < StandardError
    attr_reader :record
    def initialize(record)
      @record = record
      super("Validation failed: #{record.errors.full_messages.join(', ')}")
    end
  end

  class Errors
    include Enumerable
    def initialize = @h = Hash.new { |h, k| h[k] = [] }
    def add(attr, msg) = @h[attr] << msg
    def each(&) = @h.each_pair.flat_map { |a, ms| ms.map { |m| [a, m] } }.each(&)
    def [](attr) = @h.fetch(attr, [])
    def empty? = @h.values.all?(&:empty?)
    def full_messages = map { |a, m| "#{a.to_s.capitalize.tr('_', ' ')} #{m}" }
    def clear = @h.clear
  end

  module Callbacks
    def self.included(base)
      base.extend(ClassMethods)
    end

    module ClassMethods
      def callbacks = @callbacks ||= Hash.new { |h, k| h[k] = [] }
      %i[before_save after_save].each do |kind|
        define_method(kind) { |meth = nil, &blk| callbacks[kind] << (meth || blk) }
      end
      def inherited(sub)
        super
        callbacks.each { |k, v| sub.callbacks[k].concat(v) }
      end
    end

    def run_callbacks(kind)
      self.class.callbacks[kind].each { |cb| cb.is_a?(Symbol) ? send(cb) : instance_exec(&cb) }
    end
  end

  class Base
    include Callbacks
    include Comparable

    class << self
      attr_accessor :table
      def attributes = @attributes ||= (superclass.respond_to?(:attributes) ? superclass.attributes.dup : {})
      def attribute(name, type = :string, default: nil)
        attributes[name] = [type, default]
        define_method(name) { @attrs[name] }
        define_method("#{name}=") { |v| @attrs[name] = cast(type, v) }
        define_method("#{name}?") { !!@attrs[name] && @attrs[name] != "" }
      end

      def validates(*names, presence: false, length: nil, format: nil, numericality: nil)
        names.each do |n|
          validations << lambda do |r|
            v = r.public_send(n)
            r.errors.add(n, "can't be blank") if presence && (v.nil? || v.to_s.strip.empty?)
            r.errors.add(n, "is too long (maximum is #{length[:maximum]} characters)") if length && v && v.to_s.size > length[:maximum]
            r.errors.add(n, "is invalid") if format && v && v !~ format
            r.errors.add(n, "must be greater than #{numericality[:greater_than]}") if numericality && v && !(v > numericality[:greater_than])
          end
        end
      end
      def validations = @validations ||= (superclass.respond_to?(:validations) ? superclass.validations.dup : [])

      def store = @store ||= {}
      def create!(**attrs) = new(**attrs).tap(&:save!)
      def all = store.values.sort
      def count = store.size
      def where(**conds) = all.select { |r| conds.all? { |k, v| v === r.public_send(k) } }

      def method_missing(name, *args)
        if (m = /\Afind_by_(\w+)\z/.match(name)) && attributes.key?(m[1].to_sym)
          all.find { |r| r.public_send(m[1]) == args.first }
        else
          super
        end
      end

      def respond_to_missing?(name, include_all = false)
        (name.start_with?("find_by_") && attributes.key?(name.to_s.delete_prefix("find_by_").to_sym)) || super
      end
    end

    attr_reader :id, :errors

    def initialize(**attrs)
      @attrs = {}
      @errors = Errors.new
      self.class.attributes.each { |n, (_, d)| @attrs[n] = d.respond_to?(:call) ? d.call : d }
      attrs.each do |k, v|
        raise ArgumentError, "unknown attribute '#{k}' for #{self.class.name}" unless self.class.attributes.key?(k)
        public_send("#{k}=", v)
      end
    end

    def valid?
      errors.clear
      self.class.validations.each { |v| v.call(self) }
      errors.empty?
    end

    def save!
      raise RecordInvalid, self unless valid?
      run_callbacks(:before_save)
      @id ||= (self.class.store.keys.max || 0) + 1
      self.class.store[@id] = self
      run_callbacks(:after_save)
      self
    end

    def <=>(other) = id <=> other.id
    def to_h = { id: id, **@attrs }
    def inspect = "#<#{self.class.name} #{to_h.map { |k, v| "#{k}: #{v.inspect}" }.join(', ')}>"

    private

    def cast(type, v)
      case [type, v]
      in [_, nil] then nil
      in [:integer, Integer | Float | String] then Integer(v, exception: false) || (v.is_a?(Float) ? v.to_i : v)
      in [:string, _] then v.to_s
      in [:boolean, _] then ![false, 0, "0", "false", ""].include?(v)
      end
    end
  end
end

module Auditing
  def save!
    log << "saving #{self.class.name.downcase} #{name.inspect}"
    super.tap { log << "saved ##{id}" }
  end
  def log = (@@log ||= [])
end

class User < MiniORM::Base
  prepend Auditing
  attribute :name
  attribute :email
  attribute :age, :integer
  attribute :admin, :boolean, default: false
  attribute :tags, :string, default: -> { [] }
  validates :name, :email, presence: true
  validates :name, length: { maximum: 8 }
  validates :email, format: /\A[^@\s]+@[^@\s]+\z/
  validates :age, numericality: { greater_than: 0 }
  before_save { self.email = email.downcase }
  after_save :announce
  def announce = (puts "welcome #{name}!")
end

class Admin < User
  before_save { self.admin = true }
end

u1 = User.create!(name: "ann", email: "ANN@Example.com", age: "42")
u2 = Admin.create!(name: "bob", email: "bob@x.io", age: 30.7)
p u1, u2, User.count, Admin.count, u2.admin?, u1.admin?, u1.tags.equal?(User.new.tags)
begin
  User.create!(name: "a very long name", email: "nope", age: -1)
rescue MiniORM::RecordInvalid => e
  puts e.message
  p e.record.errors.to_a, e.record.errors[:age], e.record.errors[:zzz]
end
begin
  User.new(nickname: "x")
rescue ArgumentError => e
  puts e.message
end
p User.find_by_name("ann")&.email, User.respond_to?(:find_by_email), User.respond_to?(:find_by_zip)
p User.method(:find_by_age).call(42)&.name
begin
  User.find_by_zip(1)
rescue NoMethodError => e
  puts e.message
end
p User.where(age: 40..50).map(&:name), User.where(name: /a/).size
p User.ancestors.take(5), User.instance_method(:save!).owner, User.instance_method(:save!).super_method.owner
p User.callbacks.transform_values(&:size), Admin.callbacks.transform_values(&:size), MiniORM::Base.callbacks.size
p Auditing.instance_method(:log).bind_call(u1), MiniORM::Base.subclasses, User.subclasses
p u1 < u2, [u2, u1].min.name, u1.clamp(u1, u2).name, User.public_method_defined?(:age?), u1.respond_to?(:cast)
