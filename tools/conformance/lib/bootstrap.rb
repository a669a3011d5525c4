# bootstraptest/: the checks are collected by loading the test files under
# the host Ruby (lib/bootstrap_collect.rb), then each check runs as in
# bootstraptest/runner.rb: the snippet is written to bootstraptest.tmp.rb as
# `print(begin; SNIPPET; end)` (after `#frozen_string_literal:true` when
# asked) and run as `TARGET -W0 [OPT] bootstraptest.tmp.rb`; its standard
# output is compared. Unlike runner.rb, checks run in parallel (one working
# directory per worker) and each has a timeout.

module Conformance
  module Bootstrap
    SRCFILE = "bootstraptest.tmp.rb"
    module_function

    def test_dir(dir)
      [File.join(dir, "bootstraptest"), dir].find { |d| File.file?(File.join(d, "runner.rb")) && !Dir.glob(File.join(d, "test_*.rb")).empty? } or
        abort "bootstrap: no bootstraptest/ (runner.rb, test_*.rb) in #{dir}"
    end

    def run(opts)
      dir = test_dir(opts.suite_dir)
      files = Dir.glob(File.join(dir, "test_*.rb")).sort
      files = files.select { |f| opts.only.any? { |o| File.basename(f).include?(o) } } unless opts.only.empty?
      work = File.join(opts.out_dir, "work")
      FileUtils.rm_rf(work)
      FileUtils.mkdir_p(work)

      dump = File.join(opts.out_dir, "checks.dump")
      collect_log = File.join(opts.out_dir, "collect.log")
      status, = Conformance.run_command([opts.host_ruby, File.join(__dir__, "bootstrap_collect.rb"), dump, *files],
                                        chdir: work, timeout: 300, out: collect_log, err: collect_log)
      abort "bootstrap: collecting the checks failed (#{collect_log}):\n#{File.read(collect_log)}" unless status.success?
      checks = Marshal.load(File.binread(dump))

      ids = Conformance.number_duplicates(checks.map { |c| "#{c[:file]}:#{c[:line]}" })
      checks.each_with_index { |c, i| c[:id] = ids[i] }
      puts "bootstrap: #{checks.size} checks from #{files.size} files in #{dir}"
      puts "target: #{opts.carmine}; jobs: #{opts.jobs}; timeout: #{opts.timeout}s per check"
      $stdout.flush

      done = 0
      lock = Mutex.new
      results = Conformance.pool(checks, opts.jobs) do |c, w|
        r = run_check(opts, c, File.join(work, "w#{w}"))
        lock.synchronize do
          done += 1
          if $stdout.tty?
            print "\r#{done}/#{checks.size}"
          elsif (done % 200).zero?
            puts "  #{done}/#{checks.size}"
          end
          $stdout.flush
        end
        r
      end
      print "\r" if $stdout.tty?
      Conformance.report(opts, results)
    end

    def run_check(opts, c, wdir)
      FileUtils.mkdir_p(wdir)
      Dir.glob(File.join(wdir, "core*")).each { |f| File.delete(f) rescue nil }
      target = Shellwords.escape(opts.carmine)
      out = File.join(wdir, "..", "#{File.basename(wdir)}.out")
      err = File.join(wdir, "..", "#{File.basename(wdir)}.err")
      detail = nil
      secs = nil

      if c[:kind] == :flunk
        return Result.new(c[:id], c[:file], :fail, "flunk: #{c[:message]}")
      end

      File.open(File.join(wdir, SRCFILE), "w") do |f|
        f.puts "#frozen_string_literal:true" if c[:frozen_string_literal]
        f.puts "print(begin; #{c[:src]}; end)"
      end

      case c[:kind]
      when :normal_exit, :finish
        limit = c[:kind] == :finish ? c[:timeout] * 2 : (c[:timeout] || opts.timeout)
        status, timed_out, secs = Conformance.run_command("#{target} -W0 #{SRCFILE}", chdir: wdir, timeout: limit, out: out, err: err)
        if timed_out
          detail = c[:kind] == :finish ? "not finished in #{limit} seconds" : "killed by SIGKILL (timeout after #{limit}s)"
        elsif status.signaled?
          name = Signal.signame(status.termsig) rescue nil
          unless c[:ignore_signals] && c[:ignore_signals].include?(name)
            detail = "killed by signal #{status.termsig}#{name ? " (SIG#{name})" : ""}"
          end
        end
      else
        status, timed_out, secs = Conformance.run_command("#{target} -W0 #{c[:opt]} #{SRCFILE}", chdir: wdir,
                                                     timeout: opts.timeout, out: out, err: err)
        result = File.read(out)
        begin
          detail = compare(c, result)
        rescue StandardError => e
          detail = "#{e.class}: #{e.message} (output #{result.inspect})"
        end
        ended = Conformance.describe_status(status, timed_out, opts.timeout)
        detail = "#{detail} [#{ended}]" if detail && ended
      end
      if detail && !Dir.glob(File.join(wdir, "core*")).empty?
        detail += " [core dumped]"
      end
      return Result.new(c[:id], c[:file], :pass, nil, secs) unless detail

      stderr = File.exist?(err) ? File.read(err) : ""
      text = +""
      text << "[#{c[:message]}] " unless c[:message].to_s.empty?
      text << detail
      text << "\nsource: " << c[:src].to_s.strip
      text << "\nstderr: " << stderr.strip[0, 2000] unless stderr.strip.empty?
      Result.new(c[:id], c[:file], :fail, text, secs)
    end

    # nil when the check passes, else a description (as runner.rb words it).
    def compare(c, result)
      case c[:kind]
      when :equal
        c[:expected] == result ? nil : "#{result.inspect} (expected #{c[:expected].inspect})"
      when :match
        c[:expected] =~ result ? nil : "#{c[:expected].inspect} expected to be =~ #{result.inspect}"
      when :not_match
        c[:expected] !~ result ? nil : "#{c[:expected].inspect} expected to be !~ #{result.inspect}"
      when :valid_syntax
        /Syntax OK/ =~ result ? nil : "not valid syntax: #{result.inspect}"
      else
        "unknown check kind #{c[:kind]}"
      end
    end
  end
end
