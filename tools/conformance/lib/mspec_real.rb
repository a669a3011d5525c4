# The real MSpec (ruby/mspec) running ruby/spec on the target: suite
# "mspec". SUITE_DIR holds ruby-spec/ and mspec/ (../shared/suites); both
# are copied to OUT/tree, since MSpec writes temporary files inside the
# spec tree. MSPEC_TARGETS (default "language") says what to run: spec
# directories or globs under ruby-spec/, space-separated.
#
# MSpec runs every file in one target process, with
# tools/conformance/mspec/formatter.rb reporting each example as it ends.
# If the target dies, or hangs (no example finished for --timeout seconds),
# the file it was in is marked and MSpec starts again after it. Examples that never ran are
# counted as failed, by the ids a reference run under the host Ruby lists.

module Conformance
  module MSpecReal
    FORMATTER = File.join(TOOL_DIR, "mspec", "formatter.rb")
    module_function

    # Copies the suites to OUT/tree; returns the ruby-spec root there.
    def prepare_tree(opts)
      tree = File.join(opts.out_dir, "tree")
      FileUtils.rm_rf(tree)
      FileUtils.mkdir_p(tree)
      %w[ruby-spec mspec].each do |d|
        src = File.join(opts.suite_dir, d)
        abort "mspec: no #{d}/ in #{opts.suite_dir}" unless File.directory?(src)
        FileUtils.cp_r(src, File.join(tree, d))
      end
      File.join(tree, "ruby-spec")
    end

    # Runs `files` under `ruby` through MSpec, restarting after a file that
    # kills or hangs the process. Returns {file => {examples:, errors:,
    # ended:}} with examples as [desc, status, detail].
    def run_all(opts, root, ruby, files, tag)
      per_file = files.to_h { |f| [f, { examples: [], errors: [], ended: nil }] }
      results = File.join(opts.out_dir, "#{tag}.results")
      log = File.join(opts.out_dir, "#{tag}.log")
      File.write(log, "")
      rest = files
      until rest.empty?
        File.write(results, "")
        cmd = [opts.host_ruby, File.join(root, "..", "mspec", "bin", "mspec"), "-t", ruby, "-f", FORMATTER, *rest]
        status, timed_out = run_watched(cmd, root, log, results, opts.timeout)
        current = nil
        started = nil
        done = false
        File.binread(results).force_encoding("UTF-8").scrub.each_line do |line|
          f = line.chomp.split("\t", 4).map { |x| Conformance.unescape(x) }
          f[1] = f[1].delete_prefix(root + "/") if f[1]
          case f[0]
          when "L" then current = f[1]; started = nil
          when "S" then started = f[2]
          when "P", "F", "E"
            next unless per_file[f[1]]
            per_file[f[1]][:examples] << [f[2], f[0] == "P" ? :pass : :fail, f[0] == "E" ? "error: #{f[3]}" : f[3]]
            started = nil
          when "X" then per_file[f[1]][:errors] << f[2] if per_file[f[1]]
          when "D" then done = true
          end
        end
        break if done
        why = Conformance.describe_status(status, timed_out, opts.timeout) || "exit status #{status.exitstatus}"
        i = current ? rest.index(current) : nil
        unless i
          rest.each { |f| per_file[f][:ended] = "MSpec did not run: #{why} (see #{log})" }
          break
        end
        per_file[current][:ended] = why + (started ? " in: #{started}" : "")
        rest = rest[(i + 1)..]
      end
      per_file
    end

    # Runs cmd until it ends, or until `results` has not grown for `idle`
    # seconds (a hang: the process group is killed). [status, timed_out]
    def run_watched(cmd, root, log, results, idle)
      pid = Process.spawn({ "CARMINE_MSPEC_RESULTS" => results }, *cmd, chdir: root, in: File::NULL,
                                                                         out: [log, "a"], err: [log, "a"], pgroup: true)
      size = -1
      last = Process.clock_gettime(Process::CLOCK_MONOTONIC)
      loop do
        _, status = Process.waitpid2(pid, Process::WNOHANG)
        if status
          Conformance.kill_group(pid)
          return [status, false]
        end
        now = Process.clock_gettime(Process::CLOCK_MONOTONIC)
        s = File.size?(results).to_i
        if s != size
          size = s
          last = now
        elsif now - last > idle
          Conformance.kill_group(pid)
          _, status = Process.waitpid2(pid)
          return [status, true]
        end
        sleep 0.2
      end
    end

    def run(opts)
      root = prepare_tree(opts)
      targets = ENV.fetch("MSPEC_TARGETS", "language").split
      files = Dir.chdir(root) do
        targets.flat_map { |t| File.directory?(t) ? Dir.glob("#{t}/**/*_spec.rb") : Dir.glob(t) }.uniq.sort
      end
      files = files.select { |f| opts.only.any? { |o| f.include?(o) } } unless opts.only.empty?
      files -= opts.skip
      want_ref = opts.reference && !Conformance.same_program?(opts.host_ruby, opts.carmine)
      puts "mspec: #{files.size} files of #{targets.join(' ')} in #{root}"
      puts "target: #{opts.carmine}; timeout: #{opts.timeout}s without progress#{want_ref ? "; reference: #{opts.host_ruby}" : ""}"
      $stdout.flush
      target = run_all(opts, root, opts.carmine, files, "target")
      reference = want_ref ? run_all(opts, root, opts.host_ruby, files, "reference") : {}

      results = []
      notes = {}
      files.each do |file|
        t = target[file]
        lost = []
        lost << "process #{t[:ended]}" if t[:ended]
        t[:errors].each { |msg| lost << "error outside examples: #{msg}" }
        why = lost.empty? ? "not run" : "not run: " + lost.join("; ")
        clean = !t[:ended] && t[:errors].empty?
        results.concat(Conformance.file_results(file, t[:examples], reference[file]&.dig(:examples), clean, why))
        note = []
        note << t[:ended] if t[:ended]
        note << "#{t[:errors].size} error(s) outside examples" unless t[:errors].empty?
        notes[file] = "<- " + note.join(", ") unless note.empty?
      end
      Conformance.report(opts, results, notes)
    end
  end
end
