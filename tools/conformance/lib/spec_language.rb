# ruby/spec language/: every spec file runs in its own target process under
# mspec-lite (tools/conformance/mspec-lite/run_file.rb), from the ruby/spec
# root, with a per-file timeout. Results are counted per example. A crash,
# a hang or an error outside examples loses examples; to still count them
# (as failed), the same file is also run under the host Ruby (the
# reference), unless the target is the host Ruby.

module Conformance
  module SpecLanguage
    RUN_FILE = File.join(TOOL_DIR, "mspec-lite", "run_file.rb")
    module_function

    def spec_root(dir)
      [dir, File.dirname(dir)].find { |d| File.file?(File.join(d, "spec_helper.rb")) && File.directory?(File.join(d, "language")) } or
        abort "spec-language: no ruby/spec checkout (spec_helper.rb, language/) at #{dir}"
    end

    # Runs one spec file under `ruby`. Returns a Hash:
    #   examples: [[desc, status, detail]], errors: [[ctx, msg]],
    #   started: desc of an example that started but did not finish,
    #   done: ran to the end, ended: how the process ended (or nil), secs.
    def run_file(opts, root, ruby, file, tag)
      base = file.tr("/", "_")
      dir = File.join(opts.out_dir, tag)
      FileUtils.mkdir_p(dir)
      results = File.join(dir, "#{base}.results")
      out = File.join(dir, "#{base}.out")
      tmp = File.join(opts.out_dir, "tmp", "#{tag}-#{base}")
      FileUtils.rm_rf(tmp)
      FileUtils.mkdir_p(tmp)
      File.write(results, "")
      env = { "MSPEC_RUNNER" => "1", "RUBY_EXE" => ruby, "SPEC_TEMP_DIR" => tmp }
      status, timed_out, secs = Conformance.run_command([ruby, RUN_FILE, File.join(root, file), results],
                                                        chdir: root, timeout: opts.timeout, out: out, err: out, env: env)
      FileUtils.rm_rf(tmp)
      r = { examples: [], errors: [], started: nil, done: false, secs: secs }
      File.binread(results).force_encoding("UTF-8").scrub.each_line do |line|
        f = line.chomp.split("\t", 3)
        case f[0]
        when "S" then r[:started] = f[1]
        when "P" then r[:examples] << [f[1], :pass, nil]; r[:started] = nil
        when "F" then r[:examples] << [f[1], :fail, Conformance.unescape(f[2])]; r[:started] = nil
        when "E" then r[:examples] << [f[1], :fail, "error: " + Conformance.unescape(f[2])]; r[:started] = nil
        when "K" then r[:examples] << [f[1], :skip, Conformance.unescape(f[2])]; r[:started] = nil
        when "X" then r[:errors] << [f[1], Conformance.unescape(f[2])]
        when "D" then r[:done] = true
        end
      end
      r[:ended] = Conformance.describe_status(status, timed_out, opts.timeout)
      r[:ended] ||= "exit status #{status.exitstatus}" unless status.success?
      r[:ended] ||= "stopped before the end of the file" unless r[:done]
      if r[:ended]
        tail = File.binread(out).force_encoding("UTF-8").scrub.lines.reject { |l| l.strip.empty? }.last(3).join.strip
        r[:output_tail] = tail unless tail.empty?
      end
      r
    end

    def run(opts)
      root = spec_root(opts.suite_dir)
      # SPEC_GLOB runs other parts of ruby/spec the same way (core/fiber/*_spec.rb).
      pattern = ENV.fetch("SPEC_GLOB", "language/**/*_spec.rb")
      files = Dir.chdir(root) { Dir.glob(pattern).sort }
      files = files.select { |f| opts.only.any? { |o| f.include?(o) } } unless opts.only.empty?
      want_ref = opts.reference && !Conformance.same_program?(opts.host_ruby, opts.carmine)
      puts "spec-language: #{files.size} files in #{root}"
      puts "target: #{opts.carmine}; jobs: #{opts.jobs}; timeout: #{opts.timeout}s per file" \
           "#{want_ref ? "; reference: #{opts.host_ruby}" : ""}"
      $stdout.flush

      %w[target reference tmp].each { |d| FileUtils.rm_rf(File.join(opts.out_dir, d)) }
      items = files.map { |f| [f, :target] }
      items += files.map { |f| [f, :reference] } if want_ref
      done = 0
      lock = Mutex.new
      runs = Conformance.pool(items, opts.jobs) do |(file, kind), _w|
        ruby = kind == :target ? opts.carmine : opts.host_ruby
        r = run_file(opts, root, ruby, file, kind.to_s)
        lock.synchronize do
          done += 1
          puts "  #{file}: #{r[:ended]}" if kind == :target && r[:ended]
          print "\r#{done}/#{items.size}" if $stdout.tty?
          $stdout.flush
        end
        r
      end
      print "\r" if $stdout.tty?
      target = {}
      reference = {}
      items.each_with_index { |(f, kind), i| (kind == :target ? target : reference)[f] = runs[i] }

      results = []
      notes = {}
      files.each do |file|
        t = target[file]
        lost = []
        lost << "process #{t[:ended]}" if t[:ended]
        lost << "last example started: #{t[:started]}" if t[:started]
        t[:errors].each { |ctx, msg| lost << "error in #{ctx.empty? ? "(file)" : ctx}: #{msg}" }
        lost << "output: #{t[:output_tail]}" if t[:output_tail]
        why = lost.empty? ? "not run" : "not run: " + lost.join("; ")

        ref = reference[file]
        clean = t[:done] && t[:errors].empty?
        results.concat(Conformance.file_results(file, t[:examples], ref && ref[:examples], clean, why))

        note = []
        note << t[:ended] if t[:ended]
        note << "#{t[:errors].size} error(s) outside examples" unless t[:errors].empty?
        notes[file] = "<- " + note.join(", ") unless note.empty?
        if ref && (ref[:ended] || !ref[:errors].empty?)
          notes[file] = "#{notes[file]} [reference run: #{ref[:ended] || "errors outside examples"}]".strip
        end
      end
      Conformance.report(opts, results, notes)
    end
  end
end
