# Extending a class with a module overriding a class method from its superclass
class Service
  def self.call = "service"
end
class Mailer < Service; end
def site(k) = k.call
5.times { site(Mailer) }
p site(Mailer)
module Logging
  def call = "logged(#{super})"
end
Mailer.extend(Logging)
p site(Mailer), site(Service)
Service.singleton_class.prepend(Module.new { def call = "pre-" + super })
p site(Mailer), site(Service)
