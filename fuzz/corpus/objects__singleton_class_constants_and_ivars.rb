# Class-level state via singleton class: constants, ivars, class << self with private
class Registry
  class << self
    DEFAULT = :singleton_const
    def default = DEFAULT
    def register(k, v) = store[k] = v
    def lookup(k) = store.fetch(k) { default }
    private
    def store = (@store ||= {})
  end
end
Registry.register(:a, 1)
p Registry.lookup(:a), Registry.lookup(:b)
begin
  Registry.store
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
p Registry.instance_variable_get(:@store)
p Registry.singleton_class.const_get(:DEFAULT)
p Registry.singleton_class.private_method_defined?(:store)
