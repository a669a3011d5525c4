# A text adventure engine: rooms, items, a command parser, save/load, undo.
class GameError < StandardError; end
class UnknownCommand < GameError
  attr_reader :word
  def initialize(word)
    @word = word
    super("I don't know how to #{word.inspect}.")
  end
end

module Describable
  def describe = "#{self.class.name.downcase} #{name}#{" (#{adjectives.join(', ')})" unless adjectives.empty?}"
  def adjectives = []
  def <=>(other) = name <=> other.name
  include Comparable
end

class Item
  include Describable
  attr_reader :name, :weight
  def initialize(name, weight, **traits)
    @name, @weight, @traits = name, weight, traits.freeze
  end
  def adjectives = @traits.select { |_, v| v }.keys.map(&:to_s).sort
  def method_missing(m, *args)
    key = m.to_s.delete_suffix('?').to_sym
    return @traits.fetch(key, false) if m.end_with?('?') && args.empty?
    super
  end
  def respond_to_missing?(m, priv = false) = m.end_with?('?') || super
  def to_s = name
end

class Room
  include Describable
  attr_reader :name, :exits, :items
  def initialize(name, dark: false)
    @name, @dark, @exits, @items = name, dark, {}, []
  end
  def dark? = @dark
  def connect(dir, other, back)
    exits[dir] = other
    other.exits[back] = self
    self
  end
end

class Game
  Snapshot = Struct.new(:room, :inventory, :moves)
  DIRS = { 'n' => :north, 's' => :south, 'e' => :east, 'w' => :west }.freeze
  MAX_CARRY = 10

  attr_reader :log
  def initialize
    @hall = Room.new('hall')
    @cellar = Room.new('cellar', dark: true)
    @garden = Room.new('garden')
    @hall.connect(:south, @cellar, :north).connect(:east, @garden, :west)
    @hall.items << Item.new('lamp', 2, lit: false, brass: true)
    @cellar.items << Item.new('anvil', 50, heavy: true) << Item.new('key', 1, rusty: true, golden: false)
    @garden.items << Item.new('rose', 1, red: true, thorny: true)
    @room = @hall
    @inventory = []
    @moves = 0
    @history = []
    @log = []
  end

  def self.command(*names, &body)
    names.each { |n| define_method("cmd_#{n}", &body) }
  end

  command(:look, :l) do |*|
    if @room.dark? && !@inventory.any? { |i| i.lit? }
      say "It is pitch dark."
    else
      say "You are in the #{@room.name}. Exits: #{@room.exits.keys.sort.join(', ')}."
      say "You see: #{@room.items.sort.map(&:describe).join('; ')}." unless @room.items.empty?
    end
  end

  command(:go, :walk) do |dir = nil|
    raise GameError, 'Go where?' unless dir
    dir = DIRS.fetch(dir, dir.to_sym)
    target = @room.exits[dir] or raise GameError, "You can't go #{dir}."
    checkpoint
    @room = target
    @moves += 1
    cmd_look
  end

  command(:take, :get) do |name = nil|
    item = @room.items.find { |i| i.name == name } or raise GameError, "No #{name} here."
    load = @inventory.sum(&:weight) + item.weight
    raise GameError, "The #{item} is too heavy (#{load}/#{MAX_CARRY})." if load > MAX_CARRY
    checkpoint
    @inventory << @room.items.delete(item)
    say "Taken: #{item}."
  end

  command(:light) do |name = 'lamp'|
    item = @inventory.find { |i| i.name == name } or raise GameError, "You have no #{name}."
    raise GameError, "The #{name} won't light." unless item.respond_to?(:brass?) && item.brass?
    item.instance_variable_set(:@traits, item.instance_variable_get(:@traits).merge(lit: true).freeze)
    say "The #{name} is now lit."
  end

  command(:inventory, :i) do |*|
    say @inventory.empty? ? 'You carry nothing.' : "You carry: #{@inventory.map(&:describe).join(', ')}."
  end

  command(:undo) do |*|
    snap = @history.pop or raise GameError, 'Nothing to undo.'
    @room, @inventory, @moves = snap.room, snap.inventory, snap.moves
    say "Undone (move #{@moves})."
  end

  def checkpoint = @history.push(Snapshot.new(@room, @inventory.dup, @moves))
  def say(text) = @log << text

  def run(line)
    verb, *args = line.strip.downcase.split
    return if verb.nil?
    verb = 'go' if DIRS.key?(verb) && args.empty? && (args = [verb])
    handler = "cmd_#{verb}"
    raise UnknownCommand.new(verb) unless respond_to?(handler)
    public_send(handler, *args)
  rescue UnknownCommand => e
    say "#{e.message} (try: #{self.class.instance_methods(false).grep(/\Acmd_/).map { |m| m.to_s.delete_prefix('cmd_') }.sort.first(5).join(' ')})"
  rescue GameError => e
    say e.message
  rescue ArgumentError => e
    say "Huh? #{e.message}"
  end
end

g = Game.new
script = ['look', 'take lamp', 'take lamp', 's', 'look', 'light', 'look', 'take anvil', 'take key',
          'i', 'undo', 'i', 'go up', 'n', 'e', 'take rose', 'inventory', 'dance', '', 'go', 'take rose thorns',
          'undo', 'undo', 'undo', 'undo', 'undo', 'l']
script.each_with_index do |cmd, n|
  g.run(cmd)
  puts format('%2d> %-18s| %s', n, cmd, g.log.pop(g.log.size).join(' / '))
end
lamp = Item.new('lamp', 2, lit: true)
p lamp.lit?, lamp.magic?, lamp.respond_to?(:shiny?), (lamp.frobnicate rescue $!.class)
p [Item.new('b', 1), Item.new('a', 1)].sort.map(&:name), Item.new('a', 1) == Item.new('a', 9), Item.new('x', 1).clamp(Item.new('a', 1), Item.new('m', 1)).name
p Game.instance_methods(false).grep(/cmd_/).size, Game.instance_method(:cmd_l).arity, Game.instance_method(:cmd_go).parameters
