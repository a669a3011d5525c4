# require 'forwardable' and 'singleton': delegation to methods and ivars,
# aliases, SingleForwardable, and Singleton's instance/new/clone rules.
require 'forwardable'
require 'singleton'

class Playlist
  extend Forwardable
  def_delegators :@songs, :size, :<<, :first, :each, :empty?
  def_delegator :@songs, :join, :to_s
  def_delegator :name, :upcase, :shout
  delegate %i[last sort] => :@songs
  include Enumerable
  attr_reader :name
  def initialize(name)
    @name = name
    @songs = []
  end
end

pl = Playlist.new("mix")
pl << "b-side" << "anthem"
p pl.size, pl.first, pl.empty?, pl.to_s, pl.shout, pl.last, pl.sort
p pl.map(&:upcase), pl.include?("anthem")
p Playlist.instance_method(:size).owner

module Registry
  extend SingleForwardable
  @items = { a: 1 }
  def_delegators :@items, :keys, :fetch
  def_delegator :@items, :size, :count
end
p Registry.keys, Registry.fetch(:a), Registry.count

class Config
  include Singleton
  attr_accessor :level
  def initialize = @level = 1
end
a = Config.instance
a.level = 5
p Config.instance.level, a.equal?(Config.instance)
begin
  Config.new
rescue NoMethodError => e
  puts e.message.sub(/0x\h+/, "XX")
end
begin
  a.clone
rescue TypeError => e
  p e.message
end
begin
  a.dup
rescue TypeError => e
  p e.message
end
class SubConfig < Config; end
p SubConfig.instance.equal?(Config.instance), SubConfig.instance.class
