require 'tsort'
require 'set'

class Version
  include Comparable
  attr_reader :parts, :pre
  def initialize(str)
    main, @pre = str.split('-', 2)
    @parts = main.split('.').map { |p| Integer(p) }
    @parts << 0 while @parts.size < 3
  rescue ArgumentError => e
    raise ArgumentError, "bad version #{str.inspect} (#{e.message})"
  end
  def <=>(other)
    c = parts <=> other.parts
    return c unless c.zero?
    return 0 if pre == other.pre
    return 1 if pre.nil?
    return -1 if other.pre.nil?
    pre <=> other.pre
  end
  def to_s = ([parts.join('.'), pre].compact.join('-'))
  def bump(kind)
    i = %i[major minor patch].index(kind) or raise KeyError, "unknown bump #{kind}"
    ps = parts.dup
    ps[i] += 1
    ((i + 1)...3).each { |j| ps[j] = 0 }
    Version.new(ps.join('.'))
  end
end

Requirement = Struct.new(:op, :version) do
  def self.parse(s)
    m = /\A\s*(~>|>=|<=|=|>|<)?\s*(\S+)\s*\z/.match(s) or raise ArgumentError, "bad req #{s}"
    new(m[1] || '=', Version.new(m[2]))
  end
  def satisfied_by?(v)
    case op
    when '=' then v == version
    when '>=' then v >= version
    when '>' then v > version
    when '<' then v < version
    when '<=' then v <= version
    when '~>'
      upper = version.parts[2].zero? && version.to_s.count('.') < 2 ? version.bump(:major) : version.bump(:minor)
      v >= version && v < upper
    end
  end
  def to_s = "#{op} #{version}"
end

class Registry
  include TSort
  def initialize = @pkgs = Hash.new { |h, k| h[k] = {} }
  def add(name, ver, deps = {})
    @pkgs[name][Version.new(ver)] = deps.transform_values { |r| r.split(',').map { Requirement.parse(_1) } }
    self
  end
  def versions(name) = @pkgs.fetch(name) { raise KeyError.new("no package #{name}", receiver: @pkgs, key: name) }.keys.sort
  def resolve(root, reqs)
    chosen = {}
    queue = [[root, reqs]]
    until queue.empty?
      from, rs = queue.shift
      rs.each do |name, list|
        cand = versions(name).reverse.find { |v| list.all? { |r| r.satisfied_by?(v) } }
        raise "#{from} needs #{name} #{list.join(', ')}: none of #{versions(name).map(&:to_s)}" unless cand
        if (prev = chosen[name])
          raise "conflict on #{name}: #{prev} vs #{cand}" if prev != cand
          next
        end
        chosen[name] = cand
        queue << [name, @pkgs[name][cand]]
      end
    end
    @chosen = chosen
    chosen
  end
  def tsort_each_node(&b) = @chosen.each_key(&b)
  def tsort_each_child(n, &b) = @pkgs[n][@chosen[n]].each_key(&b)
end

r = Registry.new
r.add('json', '2.6.1').add('json', '2.6.3').add('json', '3.0.0-beta')
r.add('rack', '2.2.4', 'json' => '>= 2.0').add('rack', '3.0.0', 'json' => '~> 2.6')
r.add('sinatra', '3.0.5', 'rack' => '~> 2.2', 'tilt' => '>= 2.0, < 3')
r.add('tilt', '2.0.11').add('tilt', '2.1.0').add('tilt', '3.0.0')
r.add('app', '1.0.0')

sol = r.resolve('app', { 'sinatra' => [Requirement.parse('>= 3')], 'json' => [Requirement.parse('< 3')] })
sol.sort_by { |k, _| k }.each { |k, v| puts format('%-8s %s', k, v) }
puts "install order: #{r.tsort.join(' -> ')}"
p r.strongly_connected_components.map(&:size).tally

vs = %w[1.0 1.0.1 1.0.0-rc1 0.9.9 1.10.0 1.2].map { Version.new(_1) }
puts vs.sort.map(&:to_s).inspect
puts vs.minmax.map(&:to_s).inspect
p Version.new('1.2.3').between?(Version.new('1.0'), Version.new('2.0'))
p Version.new('1.5').clamp(Version.new('1.0'), Version.new('1.4')).to_s
begin
  Version.new('1.x')
rescue ArgumentError => e
  puts e.message
end
begin
  r.resolve('app', { 'rack' => [Requirement.parse('> 3')] })
rescue => e
  puts "#{e.class}: #{e.message}"
end
begin
  r.versions('nope')
rescue KeyError => e
  puts "#{e.class}: #{e.message} (key=#{e.key.inspect})"
end
cyc = Class.new do
  include TSort
  def initialize(h) = @h = h
  def tsort_each_node(&b) = @h.each_key(&b)
  def tsort_each_child(n, &b) = @h.fetch(n, []).each(&b)
end
g = cyc.new({ a: [:b], b: [:c], c: [:a], d: [:a] })
p g.strongly_connected_components
begin
  g.tsort
rescue TSort::Cyclic => e
  puts "Cyclic: #{e.message}"
end
p TSort.tsort(->(&b) { { 1 => [2, 3], 2 => [3], 3 => [] }.each_key(&b) }, ->(n, &b) { { 1 => [2, 3], 2 => [3], 3 => [] }[n].each(&b) })
s = Set[3, 1, 2]
s2 = s.map { _1 * 2 }.to_set
p s | s2, s & s2, s ^ s2, s.subset?(Set[1, 2, 3, 4]), s2.sort
p s.group_by(&:odd?), s.partition(&:even?)
