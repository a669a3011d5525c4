# Runs one spec file with mspec-lite.
#
#   INTERPRETER tools/conformance/mspec-lite/run_file.rb SPEC_FILE [RESULTS_FILE]
#
# Run it from the ruby/spec root (as MSpec does). With RESULTS_FILE (or
# MSPEC_LITE_RESULTS) the per-example results are written there, one line
# per event (see MSpecLite::Reporter); without it they are printed in a
# human-readable form. RUBY_EXE names the interpreter that ruby_exe starts
# (default: this one, when RbConfig.ruby knows it). SPEC_TEMP_DIR is where
# tmp() puts files (default: a directory under $TMPDIR or /tmp, removed at
# exit).

ENV["MSPEC_RUNNER"] ||= "1"
lite_dir = File.dirname(File.expand_path(__FILE__))
$LOAD_PATH.unshift(lite_dir) unless $LOAD_PATH.include?(lite_dir)
require File.join(lite_dir, "mspec.rb")

spec = ARGV[0]
abort "usage: run_file.rb SPEC_FILE [RESULTS_FILE]" unless spec
out = ARGV[1] || ENV["MSPEC_LITE_RESULTS"]

unless ENV["SPEC_TEMP_DIR"]
  at_exit { rm_r(SPEC_TEMP_DIR) if File.directory?(SPEC_TEMP_DIR) }
end

MSpecLite.env = MSpecEnv.new
MSpecLite.reporter = MSpecLite::Reporter.new(out)
begin
  load File.expand_path(spec)
rescue SystemExit => e
  MSpecLite.reporter.context_error("(file)", "loading #{spec}", "SystemExit (status #{e.status})")
rescue Exception => e
  MSpecLite.reporter.context_error("(file)", "loading #{spec}", MSpecLite.describe_exception(e))
end
MSpecLite.reporter.done
