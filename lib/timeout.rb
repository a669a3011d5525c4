# frozen_string_literal: true
#
# Timeout: the API of CRuby's timeout.rb. As there, a watcher thread
# raises in the caller once the time is up. carmine's threads are not
# preempted (prelude/thread.rb): the watcher runs only while the block
# waits (sleep, Queue#pop, join, ...), so a block that waits is cut short
# and one that computes runs to completion.
module Timeout
  class ExitException < Exception; end

  class Error < RuntimeError
    def self.handle_timeout(message)
      exc = ExitException.new(message)
      yield exc
    end
  end

  def self.timeout(sec, klass = nil, message = nil, &block)
    return yield(sec) if sec.nil? || sec.zero?
    message ||= "execution expired"
    caller_thread = Thread.current
    exc = (klass || Error).new(message)
    watcher = Thread.new do
      sleep sec
      caller_thread.raise(exc)
    end
    begin
      yield(sec)
    ensure
      watcher.kill
    end
  end

  def timeout(*args, &block) = Timeout.timeout(*args, &block)
  private :timeout
end

TimeoutError = Timeout::Error unless defined?(TimeoutError)
