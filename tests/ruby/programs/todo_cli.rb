require 'json'
require 'tmpdir'
require 'time'

module Todo
  class Error < StandardError; end
  class NotFound < Error
    def initialize(id) = super("no task ##{id}")
  end

  Task = Struct.new(:id, :title, :done, :due, :tags, keyword_init: true) do
    def overdue?(now) = !done && due && Time.iso8601(due) < now
    def to_json(*a) = to_h.to_json(*a)
    def self.from_h(h) = new(**h.transform_keys(&:to_sym))
    def line(now)
      mark = done ? "x" : (overdue?(now) ? "!" : " ")
      due_s = due ? Time.iso8601(due).strftime(" (due %b %-d)") : ""
      tag_s = tags.empty? ? "" : " " + tags.map { "##{_1}" }.join(" ")
      format("[%s] %3d %s%s%s", mark, id, title, due_s, tag_s)
    end
  end

  class Store
    def initialize(path)
      @path = path
      @tasks = File.exist?(path) ? JSON.parse(File.read(path)).map { Task.from_h(_1) } : []
    end
    attr_reader :tasks

    def add(title, due: nil, tags: [])
      raise Error, "title can't be empty" if title.to_s.strip.empty?
      t = Task.new(id: (@tasks.map(&:id).max || 0) + 1, title: title.strip, done: false, due: due, tags: tags)
      @tasks << t
      save
      t
    end

    def find(id) = @tasks.find { _1.id == id } || raise(NotFound.new(id))
    def done(id) = find(id).tap { _1.done = true }.then { save; _1 }
    def remove(id) = @tasks.delete(find(id)).tap { save }
    def save = File.write(@path, JSON.pretty_generate(@tasks))
  end

  class CLI
    USAGE = <<~TXT
      usage: todo <command> [args]
        add TITLE [--due ISO8601] [--tag T]...
        done ID | rm ID | list [--all] | stats
    TXT

    def initialize(store, out: $stdout, err: $stderr, now: Time.utc(2024, 3, 10, 12))
      @store, @out, @err, @now = store, out, err, now
    end

    def run(argv)
      cmd, *rest = argv
      case cmd
      when "add"
        opts = { tags: [] }
        title = []
        until rest.empty?
          case (arg = rest.shift)
          when "--due" then opts[:due] = Time.iso8601(rest.shift || raise(Error, "--due needs a value")).utc.iso8601
          when "--tag" then opts[:tags] << rest.shift
          when /\A--/ then raise Error, "unknown option #{arg}"
          else title << arg
          end
        end
        t = @store.add(title.join(" "), **opts)
        @out.puts "added ##{t.id}"
      when "done" then @out.puts "completed: #{@store.done(Integer(rest.first)).title}"
      when "rm" then @out.puts "removed: #{@store.remove(Integer(rest.first)).title}"
      when "list"
        shown = rest.include?("--all") ? @store.tasks : @store.tasks.reject(&:done)
        shown.sort_by { [_1.done ? 1 : 0, _1.due || "9999", _1.id] }.each { @out.puts _1.line(@now) }
        @out.puts "(#{shown.size} shown)"
      when "stats"
        by = @store.tasks.partition(&:done)
        tags = @store.tasks.flat_map(&:tags).tally.sort_by { |t, n| [-n, t] }
        @out.puts "done #{by[0].size}, open #{by[1].size}, overdue #{@store.tasks.count { _1.overdue?(@now) }}"
        @out.puts "tags: #{tags.map { |t, n| "#{t}=#{n}" }.join(', ')}"
      when nil, "help" then @out.print USAGE
      else raise Error, "unknown command #{cmd.inspect}"
      end
      0
    rescue NotFound, Error => e
      @err.puts "todo: #{e.message}"
      1
    rescue ArgumentError => e
      @err.puts "todo: bad argument (#{e.message})"
      2
    end
  end
end

Dir.mktmpdir do |dir|
  store = Todo::Store.new(File.join(dir, "todo.json"))
  cli = Todo::CLI.new(store, err: $stdout)
  [
    %w[add Buy milk --tag home --due 2024-03-09T18:00:00Z],
    %w[add Write report --due 2024-03-15T09:00:00+01:00 --tag work --tag urgent],
    %w[add Call mom --tag home],
    %w[add],
    %w[add Oops --due],
    %w[add Bad --due tomorrow],
    %w[add X --color red],
    %w[list], %w[done 2], %w[done 42], %w[done two], %w[list --all], %w[stats], %w[rm 1], %w[frob], [],
  ].each do |argv|
    code = cli.run(argv)
    puts "  -> exit #{code}" unless code.zero?
  end
  reloaded = Todo::Store.new(File.join(dir, "todo.json"))
  p reloaded.tasks.map(&:to_h)
  puts File.read(File.join(dir, "todo.json")).lines.first(4)
end
warn "warning: finished", uplevel: 0
$stderr.puts "to stderr"
at_exit { puts "bye (#{$!.inspect})" }
abort "fatal: giving up" if ARGV.empty?
