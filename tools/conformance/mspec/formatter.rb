# An MSpec formatter for tools/conformance/run's "mspec" suite. It runs in
# the target, inside the real MSpec (`mspec -f THIS_FILE`), and writes one
# line per event to $CARMINE_MSPEC_RESULTS, flushed at once, so the driver
# knows how far a run got if the target dies:
#   L <file>                      a spec file starts loading
#   S <file> <description>        an example starts
#   P/F/E <file> <desc> [detail]  it passed / failed / raised an error
#   X <file> <detail>             an error outside examples (before :all...)
#   D                             the run finished
# Fields are tab-separated; tabs, newlines and backslashes are escaped.
require 'mspec/runner/formatters/dotted'

class CarmineResultsFormatter < DottedFormatter
  def initialize(out = nil)
    super(out)
    @results = File.open(ENV.fetch("CARMINE_MSPEC_RESULTS"), "a")
    @results.sync = true
    @file = "?"
  end

  def register
    super
    MSpec.register :load, self
  end

  def esc(s)
    s.to_s.gsub(/[\\\t\n\r]/) { |c| { "\\" => "\\\\", "\t" => "\\t", "\n" => "\\n", "\r" => "\\r" }[c] }
  end

  def emit(*fields)
    @results.write(fields.map { |f| esc(f) }.join("\t") + "\n")
  end

  def load(_state = nil)
    @file = MSpec.file.to_s
    emit("L", @file)
  end

  def before(state = nil)
    super
    @last = nil
    emit("S", @file, state.description) if state
  end

  def exception(exception)
    super
    if @current_state
      @last ||= exception
    else
      emit("X", @file, "#{exception.description}: #{exception.message}")
    end
  end

  def after(state = nil)
    if state
      if exception?
        emit(failure? ? "F" : "E", @file, state.description, @last&.message)
      else
        emit("P", @file, state.description)
      end
    end
    super
  end

  def finish
    emit("D")
    super
  end
end

CUSTOM_MSPEC_FORMATTER = CarmineResultsFormatter
