# basictest/test.rb: one script that counts its own checks. It is run as
# basictest/runner.rb runs it (`TARGET basictest/test.rb`, in a scratch
# directory that has a `miniruby` wrapper for the target, since the system
# section runs ./miniruby). Each `ok N (WHERE)` / `not ok SECTION N -- WHERE`
# line of its output is one check; a check is named by the line of test.rb
# it comes from. The script runs in a single process, so a crash or a hang
# loses every later check: those are counted as failed, by comparing with a
# reference run under the host Ruby.

module Conformance
  module Basic
    module_function

    def test_file(dir)
      [File.join(dir, "basictest", "test.rb"), File.join(dir, "test.rb")].find { |f| File.file?(f) } or
        abort "basic: no basictest/test.rb in #{dir}"
    end

    # Runs test.rb under `ruby`; returns [checks, finished, how_it_ended]
    # where checks are [line_or_nil, ok?, raw_line].
    def run_once(opts, ruby, test, tag)
      work = File.join(opts.out_dir, "work-#{tag}")
      FileUtils.rm_rf(work)
      FileUtils.mkdir_p(work)
      File.write(File.join(work, "miniruby"), "#!/bin/sh\nexec #{Shellwords.escape(ruby)} \"$@\"\n")
      File.chmod(0o755, File.join(work, "miniruby"))
      out = File.join(opts.out_dir, "#{tag}.out")
      err = File.join(opts.out_dir, "#{tag}.err")
      status, timed_out, secs = Conformance.run_command([ruby, test], chdir: work, timeout: opts.timeout, out: out, err: err)
      checks = []
      finished = false
      File.binread(out).force_encoding("BINARY").each_line do |l|
        case l
        when /\Aok \d+ \((.*)\)\s*\z/
          checks << [line_of(Regexp.last_match(1)), true, l.chomp]
        when /\Anot ok (.*) \d+ -- (.*)\z/
          checks << [line_of(Regexp.last_match(2)), false, l.chomp]
        when /\Aend of test/
          finished = true
        end
      end
      ended = Conformance.describe_status(status, timed_out, opts.timeout) ||
              (status.success? ? nil : "exit status #{status.exitstatus}")
      # stderr carries the progress lines ("PATH:section ....OK 12"); keep the rest.
      progress = /\A#{Regexp.escape(test)}:.* (?:[.F]+|[.F]*OK \d+)?\z/
      last_err = File.binread(err).force_encoding("BINARY").lines
                     .reject { |x| x.strip.empty? || x.chomp =~ progress }.first(2).join.strip
      last_err = last_err.sub(/\A#{Regexp.escape(test)}:.*?\s[.F]*(?=\S*:\d+:in )/, "")
      [checks, finished, ended, last_err, secs]
    end

    def line_of(where)
      m = where.match(/test\.rb:(\d+)/)
      m && m[1].to_i
    end

    # line => "section (line N)" from the test_check calls in the source.
    def sections(test)
      marks = []
      File.binread(test).force_encoding("BINARY").each_line.with_index(1) do |l, n|
        marks << [n, Regexp.last_match(1)] if l =~ /\A\s*test_check[\s(]+"([^"]*)"/
      end
      lambda do |line|
        mark = marks.select { |n, _| line && n <= line }.last
        mark ? "test.rb: #{mark[1]} (line #{mark[0]})" : "test.rb"
      end
    end

    def ids_for(checks)
      Conformance.number_duplicates(checks.map { |line, _, _| "test.rb:#{line || "?"}" })
    end

    def run(opts)
      test = test_file(opts.suite_dir)
      section_of = sections(test)
      puts "basic: #{test}"
      puts "target: #{opts.carmine}; timeout: #{opts.timeout}s"
      $stdout.flush

      checks, finished, ended, last_err, secs = run_once(opts, opts.carmine, test, "target")
      ids = ids_for(checks)
      ref_ids = nil
      if opts.reference && !Conformance.same_program?(opts.host_ruby, opts.carmine)
        rchecks, rfinished, = run_once(opts, opts.host_ruby, test, "reference")
        if rfinished
          ref_ids = ids_for(rchecks)
          # A target whose `caller` is broken gives no line numbers: name its
          # checks by position instead.
          prev = nil
          ref_lines = rchecks.map { |line, _, _| prev = line || prev }
          ids.each_index do |i|
            next unless ids[i].start_with?("test.rb:?") && ref_ids[i]
            ids[i] = ref_ids[i]
            checks[i][0] ||= ref_lines[i]
          end
        else
          puts "warning: the reference run under #{opts.host_ruby} did not finish; counting only what the target reported"
        end
      end

      how = ended || (finished ? nil : "stopped before `end of test`")
      how = "#{how}: #{last_err}" if how && !last_err.empty?
      got = {}
      prev = nil
      checks.each_with_index do |(line, ok, raw), i|
        prev = line if line # a check inside eval has no line: file it with the previous one
        got[ids[i]] = Result.new(ids[i], section_of.call(prev), ok ? :pass : :fail, ok ? nil : raw)
      end
      results = []
      if ref_ids
        ref_ids.each_with_index do |id, i|
          results << (got.delete(id) ||
                      Result.new(id, section_of.call(ref_lines[i]), :fail, "not run (test.rb #{how || "skipped it"})"))
        end
        results.concat(got.values) # reported by the target only
      else
        results = got.values
        results << Result.new("test.rb:end", "test.rb", :fail, "test.rb did not finish: #{how}") unless finished
      end
      notes = {}
      if how
        last = checks.last
        notes[last ? section_of.call(last[0]) : "test.rb"] = "<- #{Conformance.one_line(how, 120)}"
      end
      puts "test.rb ran in #{format("%.1f", secs)}s#{how ? " (#{how})" : ""}"
      Conformance.report(opts, results, notes)
    end
  end
end
