# Shared pieces of tools/conformance/run: options, running a command with a
# timeout, a small worker pool, exclusion lists and the report.

require "fileutils"
require "rbconfig"
require "shellwords"
require "tmpdir"

module Conformance
  TOOL_DIR = File.expand_path("..", __dir__)
  REPO_DIR = File.expand_path("../..", TOOL_DIR)
  SUITES = %w[bootstrap basic spec-language mspec].freeze
  STARTED = Process.clock_gettime(Process::CLOCK_MONOTONIC)

  # One check or example and what became of it.
  #   status: :pass, :fail or :skip
  Result = Struct.new(:id, :file, :status, :detail, :secs)

  Options = Struct.new(:suite, :suite_dir, :carmine, :jobs, :timeout, :new_failures,
                       :verbose, :out_dir, :host_ruby, :reference, :record, :only,
                       :max_failures, :exclude_file, :skip, keyword_init: true)

  module_function

  # Runs cmd (an Array, or a String for the shell) in its own process group
  # with stdin from /dev/null, stdout/stderr into files. Kills the whole
  # group at the timeout, and kills leftovers of the group afterwards.
  # Returns [Process::Status, timed_out, seconds].
  def run_command(cmd, chdir:, timeout:, out:, err:, env: {})
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    spawn_opts = { chdir: chdir, in: File::NULL, out: out, err: err, pgroup: true }
    pid = cmd.is_a?(Array) ? Process.spawn(env, *cmd, **spawn_opts) : Process.spawn(env, cmd, **spawn_opts)
    waiter = Process.detach(pid)
    timed_out = false
    unless waiter.join(timeout)
      timed_out = true
      kill_group(pid)
    end
    status = waiter.value
    kill_group(pid)
    [status, timed_out, Process.clock_gettime(Process::CLOCK_MONOTONIC) - t0]
  end

  def kill_group(pid)
    Process.kill(:KILL, -pid)
  rescue Errno::ESRCH, Errno::EPERM
    nil
  end

  # Describes how a process ended, or nil for a normal exit.
  def describe_status(status, timed_out, timeout)
    return "timed out after #{timeout}s" if timed_out
    if status.signaled?
      name = Signal.signame(status.termsig) rescue nil
      return "killed by signal #{status.termsig}#{name ? " (SIG#{name})" : ""}"
    end
    nil
  end

  # Runs the block for every item on `jobs` threads; the block gets the item
  # and the worker's index. Returns the block's values in item order.
  def pool(items, jobs)
    queue = Queue.new
    items.each_with_index { |item, i| queue << [item, i] }
    results = Array.new(items.size)
    workers = (0...[jobs, 1].max).map do |w|
      Thread.new do
        loop do
          pair = begin
            queue.pop(true)
          rescue ThreadError
            break
          end
          results[pair[1]] = yield(pair[0], w)
        end
      end
    end
    workers.each(&:join)
    results
  end

  def same_program?(a, b)
    File.realpath(a) == File.realpath(b)
  rescue SystemCallError
    false
  end

  # Makes ids unique by numbering the ones that occur more than once
  # ("id #1", "id #2", ...), keeping their order.
  def number_duplicates(ids)
    counts = Hash.new(0)
    ids.each { |id| counts[id] += 1 }
    seen = Hash.new(0)
    ids.map do |id|
      if counts[id] > 1
        seen[id] += 1
        "#{id} ##{seen[id]}"
      else
        id
      end
    end
  end

  # Undoes the escapes a runner's results file uses (\n, \t, \r, \\).
  def unescape(s)
    s.to_s.gsub(/\\(.)/) { { "n" => "\n", "t" => "\t", "r" => "\r", "\\" => "\\" }[Regexp.last_match(1)] || Regexp.last_match(0) }
  end

  # One spec file's results: the examples the target reported
  # ([desc, status, detail]), and each example of the reference run
  # (`ref_examples`) it did not report, failed with `why`. Without a
  # reference, a file that did not run `clean` is one failure.
  def file_results(file, examples, ref_examples, clean, why)
    ids = number_duplicates(examples.map { |desc, _, _| "#{file}: #{desc}" })
    got = {}
    examples.each_with_index { |(_, status, detail), i| got[ids[i]] = Result.new(ids[i], file, status, detail) }
    results = []
    if ref_examples
      number_duplicates(ref_examples.map { |desc, _, _| "#{file}: #{desc}" }).each do |id|
        results << (got.delete(id) || Result.new(id, file, :fail, why))
      end
    elsif !clean
      results << Result.new("#{file}: (file did not run cleanly)", file, :fail, why)
    end
    results.concat(got.values)
  end

  def one_line(text, max = 300)
    s = text.to_s.gsub(/\s*\n\s*/, " | ").strip
    s.size > max ? s[0, max] + "..." : s
  end

  def load_excludes(path)
    return [] unless File.file?(path)
    File.readlines(path, chomp: true).map(&:strip).reject { |l| l.empty? || l.start_with?("#") }
  end

  # Prints the per-file breakdown, the failures and the closing line; writes
  # results.tsv; returns the exit code.
  def report(opts, results, notes = {})
    excludes = load_excludes(opts.exclude_file)
    excluded = excludes.each_with_object({}) { |id, h| h[id] = true }
    by_file = results.group_by(&:file)

    width = [by_file.keys.map(&:size).max || 0, 20].max
    puts
    puts format("%-#{width}s %7s %7s %7s %7s", "file", "passed", "failed", "skipped", "total")
    by_file.each do |file, rs|
      p = rs.count { |r| r.status == :pass }
      f = rs.count { |r| r.status == :fail }
      s = rs.count { |r| r.status == :skip }
      line = format("%-#{width}s %7d %7d %7d %7d", file, p, f, s, rs.size)
      line += "  " + notes[file] if notes[file]
      puts line
    end

    failures = results.select { |r| r.status == :fail }
    new_failures = failures.reject { |r| excluded[r.id] }
    fixed = results.select { |r| r.status == :pass && excluded[r.id] }
    known_ids = results.each_with_object({}) { |r, h| h[r.id] = true }
    stale = excludes.reject { |id| known_ids[id] }

    shown = opts.new_failures ? new_failures : failures
    unless shown.empty?
      puts
      puts opts.new_failures ? "NEW FAILURES (not in #{rel(opts.exclude_file)}): #{shown.size}" : "FAILURES: #{shown.size}"
      limit = opts.max_failures
      shown.each_with_index do |r, i|
        if limit && i >= limit
          puts "  ... #{shown.size - limit} more (see #{File.join(opts.out_dir, "results.tsv")}, or --max-failures)"
          break
        end
        if opts.verbose
          puts "  #{r.id}"
          r.detail.to_s.each_line { |l| puts "      #{l.chomp}" }
        else
          puts "  #{r.id}"
          puts "      #{one_line(r.detail)}" if r.detail && !r.detail.to_s.empty?
        end
      end
    end
    if opts.new_failures
      puts
      puts "known failures (excluded): #{failures.size - new_failures.size}"
      unless fixed.empty?
        puts "now passing, remove from #{rel(opts.exclude_file)}: #{fixed.size}"
        fixed.each { |r| puts "  #{r.id}" }
      end
      puts "excluded ids that matched no check: #{stale.size}" unless stale.empty?
    end

    FileUtils.mkdir_p(opts.out_dir)
    File.open(File.join(opts.out_dir, "results.tsv"), "w") do |io|
      io.puts "# status\tid\tdetail\tseconds"
      results.each { |r| io.puts [r.status, r.id, one_line(r.detail, 2000), r.secs && format("%.2f", r.secs)].join("\t") }
    end
    if opts.record
      File.write(opts.exclude_file, failures.map { |r| r.id + "\n" }.join)
      puts "wrote #{failures.size} ids to #{rel(opts.exclude_file)}"
    end

    passed = results.count { |r| r.status == :pass }
    skipped = results.count { |r| r.status == :skip }
    puts
    puts "results: #{File.join(opts.out_dir, "results.tsv")}"
    puts "time: #{format("%.0f", Process.clock_gettime(Process::CLOCK_MONOTONIC) - STARTED)}s"
    puts "new failures: #{new_failures.size}" if opts.new_failures
    line = "#{opts.suite}: #{passed} passed, #{failures.size} failed"
    line += ", #{skipped} skipped" if skipped > 0
    puts line
    $stdout.flush
    (opts.new_failures ? new_failures : failures).empty? ? 0 : 1
  end

  def rel(path)
    path.start_with?(REPO_DIR + "/") ? path[(REPO_DIR.size + 1)..] : path
  end
end
