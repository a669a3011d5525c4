# A configuration DSL built with instance_eval and method_missing
class Config
  def self.build(&blk) = new.tap { |c| c.instance_eval(&blk) }
  def initialize = @data = {}
  def set(k, v) = @data[k] = v
  def group(name, &blk)
    @data[name] = Config.build(&blk).to_h
  end
  def method_missing(name, *args)
    return super unless args.size == 1
    @data[name] = args.first
  end
  def respond_to_missing?(*) = true
  def to_h = @data
end
cfg = Config.build do
  set :env, "test"
  port 8080
  group :db do
    host "localhost"
    pool 5
  end
end
pp cfg.to_h
