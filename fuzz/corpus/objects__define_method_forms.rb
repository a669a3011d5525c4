# define_method with blocks, method objects, procs; arity and closures
class Dyn
  %w[alpha beta gamma].each_with_index do |n, i|
    define_method("#{n}?") { i.even? }
    define_method(n) { |suffix = ""| "#{n}#{i}#{suffix}" }
  end
  define_method(:with_args) { |a, *r, k: 1, &b| [a, r, k, b&.call] }
  m = instance_method(:alpha)
  define_method(:alias_alpha, m)
  define_method(:lam, ->(x) { x + 1 })
  r = define_method(:ret) {}
  p r
end
d = Dyn.new
p d.alpha, d.beta("!"), d.gamma?
p d.beta?
p d.with_args(1, 2, 3, k: 4) { :blk }
p d.alias_alpha
p d.lam(1)
begin
  d.lam(1, 2)
rescue ArgumentError => e
  p e.message
end
p Dyn.instance_method(:with_args).arity
p Dyn.instance_method(:lam).arity
p Dyn.instance_method(:beta).parameters
