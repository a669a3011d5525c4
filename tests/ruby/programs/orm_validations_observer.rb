require 'forwardable'
require 'observer'
require 'delegate'
require 'pp'

module Validations
  def self.included(base)
    base.extend(ClassMethods)
    base.instance_variable_set(:@validations, [])
  end
  module ClassMethods
    attr_reader :validations
    def inherited(sub)
      super
      sub.instance_variable_set(:@validations, validations.dup)
      sub.instance_variable_set(:@columns, columns.dup)
    end
    def validates(*attrs, presence: false, length: nil, format: nil, &custom)
      attrs.each { |a| @validations << [a, { presence:, length:, format:, custom: }.compact.reject { |_, v| v == false }] }
    end
  end
  def errors = (@errors ||= Hash.new { |h, k| h[k] = [] })
  def valid?
    errors.clear
    self.class.validations.each do |attr, rules|
      v = public_send(attr)
      errors[attr] << "can't be blank" if rules[:presence] && (v.nil? || v.to_s.strip.empty?)
      if (len = rules[:length]) && v
        errors[attr] << "is too short (minimum is #{len.min})" if v.length < len.min
        errors[attr] << "is too long (maximum is #{len.max})" if v.length > len.max
      end
      errors[attr] << 'is invalid' if rules[:format] && v && v !~ rules[:format]
      if (c = rules[:custom]) && (msg = instance_exec(v, &c))
        errors[attr] << msg
      end
    end
    errors.empty?
  end
end

module Auditing
  def save
    before = changes.dup
    result = super
    (self.class.audit_log ||= []) << [self.class.name, id, before.keys.sort] if result
    result
  end
end

class Model
  include Validations
  include Observable
  @columns = {}
  class << self
    attr_accessor :audit_log
    def columns = (@columns ||= {})
    def table = (@table ||= {})
    def column(name, type, default: nil)
      columns[name] = [type, default]
      define_method(name) { @attrs.fetch(name) { default } }
      define_method(:"#{name}=") do |v|
        v = cast(type, v)
        (@changes[name] ||= [public_send(name), nil])[1] = v
        @attrs[name] = v
      end
      define_method(:"#{name}?") { !!public_send(name) } if type == :boolean
    end
    def create(**attrs) = new(**attrs).tap(&:save)
    def find(id) = table.fetch(id) { raise RecordNotFound, "Couldn't find #{name} with 'id'=#{id}" }.dup
    def where(**conds) = table.values.select { |r| conds.all? { |k, v| v === r.public_send(k) } }
    def method_missing(name, *args)
      if (m = /\Afind_by_(\w+)\z/.match(name.to_s)) && columns.key?(m[1].to_sym)
        where(m[1].to_sym => args.first).first
      else
        super
      end
    end
    def respond_to_missing?(name, priv = false) = name.to_s.start_with?('find_by_') || super
  end
  class RecordNotFound < StandardError; end
  attr_reader :id, :changes
  def initialize(**attrs)
    @attrs = {}
    @changes = {}
    attrs.each { |k, v| respond_to?(:"#{k}=") ? public_send(:"#{k}=", v) : raise(ArgumentError, "unknown attribute '#{k}' for #{self.class}") }
  end
  def initialize_copy(src)
    super
    @attrs = src.instance_variable_get(:@attrs).dup
    @changes = {}
  end
  def cast(type, v)
    case [type, v]
    in [_, nil] then nil
    in [:integer, Integer | Float | String] then Integer(v.is_a?(Float) ? v.round : v)
    in [:string, _] then v.to_s
    in [:boolean, true | false] then v
    in [:boolean, 'true' | '1' | 1] then true
    in [:boolean, 'false' | '0' | 0] then false
    else raise TypeError, "can't cast #{v.inspect} to #{type}"
    end
  end
  def save
    return false unless valid?
    @id ||= (self.class.table.keys.max || 0) + 1
    self.class.table[@id] = self.dup.tap { _1.instance_variable_set(:@id, @id) }
    changed
    notify_observers(:saved, self, @changes.transform_values(&:last))
    @changes = {}
    true
  end
  def to_h = self.class.columns.keys.to_h { [_1, public_send(_1)] }.merge(id: id)
  def inspect = "#<#{self.class.name} id=#{id.inspect} #{to_h.except(:id).map { "#{_1}: #{_2.inspect}" }.join(', ')}>"
  def ==(o) = o.class == self.class && o.to_h == to_h
end

class User < Model
  prepend Auditing
  column :name, :string
  column :email, :string
  column :age, :integer, default: 0
  column :admin, :boolean, default: false
  validates :name, presence: true, length: 2..20
  validates :email, format: /\A[^@\s]+@[^@\s]+\z/
  validates(:age) { |v| 'must be adult' if v < 18 }
end

class Admin < User
  validates(:admin) { |v| 'must be admin' unless v }
end

class Mailer
  attr_reader :sent
  def initialize = @sent = []
  def update(event, rec, changes) = @sent << "#{event} #{rec.class}##{rec.id} #{changes.keys.join(',')}"
end

class UserList
  extend Forwardable
  include Enumerable
  def_delegators :@users, :size, :<<, :empty?
  def_delegator :@users, :first, :oldest
  def initialize(users) = @users = users
  def each(&) = @users.each(&)
end

class Presenter < SimpleDelegator
  def display_name = "#{name} <#{email}>"
  def age = "#{super} years"
end

mailer = Mailer.new
u = User.new(name: 'Ann', email: 'ann@example.com', age: '34')
u.add_observer(mailer)
p u.save, u.id, u.changes
u.age = 35.6
u.admin = '1'
p u.changes, u.admin?, u.save
bad = User.new(name: ' ', email: 'nope', age: 12)
p bad.valid?, bad.errors
p User.create(name: 'Bob', email: 'bob@x.org', age: 40).id
a = Admin.new(name: 'Cy', email: 'cy@x.org', age: 50)
p a.valid?, a.errors, Admin.validations.size, User.validations.size
a.admin = true
p a.save, Admin.table.keys, User.table.keys
p User.find(1), User.find_by_name('Bob'), User.respond_to?(:find_by_email), User.where(age: 30..).map(&:name)
begin
  User.find(99)
rescue Model::RecordNotFound => e
  puts "#{e.class}: #{e.message}"
end
begin
  User.find_by_colour('red')
rescue NoMethodError => e
  puts e.message[/undefined method `\w+'/]
end
begin
  User.new(nick: 'x')
rescue ArgumentError => e
  puts e.message
end
begin
  u.admin = 'maybe'
rescue TypeError => e
  puts e.message
end
p mailer.sent, User.audit_log
list = UserList.new(User.table.values)
p list.size, list.map(&:name), list.oldest.name, list.min_by(&:age).name, list.sort_by { -_1.age }.map(&:id), list.sum(&:age)
pr = Presenter.new(User.find(2))
p pr.display_name, pr.age, pr.is_a?(User), pr.__getobj__.class, pr.respond_to?(:email)
p User.ancestors.take(4), Admin.superclass, User.instance_method(:save).owner
p User.find(1) == User.find(1), User.find(1).equal?(User.find(1))
pp User.table.transform_values(&:to_h)
