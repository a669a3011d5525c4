# Class-level instance variables per class, inheritance of class-level config
class Model
  @registry = []
  class << self
    attr_reader :registry
    def fields(*f) = (@fields ||= []).concat(f)
    def all_fields = (superclass.respond_to?(:all_fields) ? superclass.all_fields : []) + (@fields || [])
    def inherited(k)
      super
      Model.registry << k.name
    end
  end
end
class User < Model
  fields :name, :email
end
class Admin < User
  fields :level
end
p Model.registry
p User.all_fields, Admin.all_fields
p User.instance_variable_get(:@fields), Admin.instance_variable_get(:@fields)
p Admin.registry
p Model.instance_variables
