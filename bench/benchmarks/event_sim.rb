# event_sim: an application-shaped workload: a small-object simulation
# driven by an event queue. Agents (Structs) move on a grid, collide,
# trade and split; each event is a Hash dispatched by a pattern-matching
# handler (`case ... in {type: :move, dx:, dy:}`), which emits follow-up
# events. A deterministic LCG drives everything.
# Measures: case/in on Hashes and Arrays (deconstruct_keys), Struct
# accessors, short-lived Hash/Array allocation, Array as a queue.
# bench-size: 24
# bench-quick: 1
reps = (ARGV[0] || ENV['BENCH_SIZE'] || 24).to_i

Agent = Struct.new(:id, :x, :y, :energy, :goods, :alive)

class World
  SIZE = 32

  attr_reader :agents, :stats

  def initialize(seed, n)
    @seed = seed
    @agents = (0...n).map { |i| Agent.new(i, rand_i(SIZE), rand_i(SIZE), 50 + rand_i(50), rand_i(5), true) }
    @cells = Hash.new { |h, k| h[k] = [] }
    @agents.each { |a| @cells[[a.x, a.y]] << a }
    @queue = []
    @stats = Hash.new(0)
  end

  def rand_i(n)
    @seed = (@seed * 1_103_515_245 + 12_345) & 0x7fff_ffff
    @seed % n
  end

  def tick(t)
    @agents.each do |a|
      next unless a.alive
      case rand_i(10)
      when 0..5 then @queue << { type: :move, id: a.id, dx: rand_i(3) - 1, dy: rand_i(3) - 1 }
      when 6, 7 then @queue << { type: :trade, id: a.id, amount: rand_i(4) + 1 }
      when 8 then @queue << { type: :rest, id: a.id }
      else @queue << { type: :split, id: a.id, at: t }
      end
    end
    handle(@queue.shift) until @queue.empty?
  end

  def handle(event)
    @stats[event[:type]] += 1
    case event
    in { type: :move, id:, dx: 0, dy: 0 }
      @stats[:idle] += 1
    in { type: :move, id:, dx:, dy: }
      move(@agents[id], dx, dy)
    in { type: :trade, id:, amount: Integer => amount } if amount > 2
      trade(@agents[id], amount, bulk: true)
    in { type: :trade, id:, amount: }
      trade(@agents[id], amount, bulk: false)
    in { type: :rest, id: }
      a = @agents[id]
      a.energy += 3
    in { type: :split, id:, at: }
      split(@agents[id], at)
    in { type: :collide, pair: [a, b] }
      collide(@agents[a], @agents[b])
    in { type: :die, id: }
      die(@agents[id])
    end
  end

  def move(a, dx, dy)
    return unless a.alive
    cell = @cells[[a.x, a.y]]
    cell.delete(a)
    a.x = (a.x + dx) % SIZE
    a.y = (a.y + dy) % SIZE
    a.energy -= 1
    dest = @cells[[a.x, a.y]]
    dest.each { |o| @queue << { type: :collide, pair: [a.id, o.id] } if o.alive }
    dest << a
    @queue << { type: :die, id: a.id } if a.energy <= 0
  end

  def trade(a, amount, bulk:)
    return unless a.alive
    a.goods += bulk ? amount * 2 : amount
    a.energy -= amount
    @queue << { type: :die, id: a.id } if a.energy <= 0
  end

  def collide(a, b)
    return unless a.alive && b.alive
    if a.goods > b.goods
      give = (a.goods - b.goods) / 2
      a.goods -= give
      b.goods += give
    else
      a.energy, b.energy = b.energy, a.energy
    end
  end

  def split(a, at)
    return unless a.alive && a.energy > 60 && @agents.size < 4000
    half = a.energy / 2
    a.energy -= half
    child = Agent.new(@agents.size, a.x, a.y, half, at % 3, true)
    @agents << child
    @cells[[child.x, child.y]] << child
  end

  def die(a)
    return unless a.alive
    a.alive = false
    @cells[[a.x, a.y]].delete(a)
  end
end

checksum = 0
reps.times do |r|
  w = World.new(r + 1, 200)
  40.times { |t| w.tick(t) }
  alive = w.agents.select(&:alive)
  energy = alive.sum(&:energy)
  goods = alive.sum(&:goods)
  checksum = (checksum * 131 + alive.size * 7 + energy * 3 + goods) % 1_000_000_007
  checksum = (checksum + w.stats.sort.sum { |k, v| k.to_s.size * v }) % 1_000_000_007
end
puts "worlds=#{reps} checksum=#{checksum}"
