# module_eval with strings and heredocs defining several methods; generated accessors
class Model
  def self.fields(*names)
    names.each do |n|
      module_eval <<~RUBY, __FILE__, __LINE__ + 1
        def #{n} = @attrs[:#{n}]
        def #{n}=(v)
          @attrs[:#{n}] = v
        end
        def #{n}? = !!@attrs[:#{n}]
      RUBY
    end
  end
  def initialize(**kw) = @attrs = kw
  def attrs = @attrs
end
class User < Model
  fields :name, :admin
end
u = User.new(name: "ann")
p u.name, u.admin?, u.name?
u.admin = true
p u.admin?, u.attrs
p User.instance_methods(false).sort, Model.instance_methods(false).sort
