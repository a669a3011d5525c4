# Loads bootstraptest/test_*.rb under the host Ruby, the way
# bootstraptest/runner.rb does, but only records the checks instead of
# running them.
#
#   ruby bootstrap_collect.rb OUT_FILE TEST_FILE...
#
# OUT_FILE gets a Marshal dump of an Array of Hashes:
#   file, line, kind (:equal :match :not_match :valid_syntax :normal_exit
#   :finish :flunk), expected, src, message, opt, frozen_string_literal,
#   timeout, ignore_signals.
# Like runner.rb, show_limit is not a check (it only prints a number).

$VERBOSE = false
$stress = false
$conformance_checks = []
$conformance_file = nil

def conformance_record(kind, fields)
  loc = caller_locations.find { |l| l.absolute_path == $conformance_file || l.path == $conformance_file }
  $conformance_checks << fields.merge(file: File.basename($conformance_file), line: loc ? loc.lineno : 0, kind: kind)
  nil
end

def assert_equal(expected, testsrc, message = "", opt = "", **argh)
  conformance_record(:equal, expected: expected, src: testsrc, message: message, opt: opt,
                             frozen_string_literal: argh[:frozen_string_literal])
end

def assert_match(expected_pattern, testsrc, message = "")
  conformance_record(:match, expected: expected_pattern, src: testsrc, message: message, opt: "")
end

def assert_not_match(unexpected_pattern, testsrc, message = "")
  conformance_record(:not_match, expected: unexpected_pattern, src: testsrc, message: message, opt: "")
end

def assert_valid_syntax(testsrc, message = "")
  conformance_record(:valid_syntax, src: testsrc, message: message, opt: "-c")
end

def assert_normal_exit(testsrc, *rest, timeout: nil, **opt)
  message, ignore_signals = rest
  conformance_record(:normal_exit, src: testsrc, message: message || "", opt: "",
                                   timeout: timeout, ignore_signals: ignore_signals)
end

def assert_finish(timeout_seconds, testsrc, message = "")
  conformance_record(:finish, src: testsrc, message: message, opt: "", timeout: timeout_seconds)
end

def flunk(message = "")
  conformance_record(:flunk, src: "", message: message, opt: "")
end

def show_limit(testsrc, opt = "", **argh)
  nil
end

out = ARGV.shift
ARGV.each do |path|
  $conformance_file = File.expand_path(path)
  load $conformance_file
end
File.binwrite(out, Marshal.dump($conformance_checks))
