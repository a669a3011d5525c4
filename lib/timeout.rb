# frozen_string_literal: true
#
# Timeout: the API of CRuby's timeout.rb. carmine runs one thread of
# control and cannot interrupt a running block, so the block always runs
# to completion; only the classes and the call shape are provided.
module Timeout
  class ExitException < Exception; end

  class Error < RuntimeError
    def self.handle_timeout(message)
      exc = ExitException.new(message)
      yield exc
    end
  end

  def self.timeout(sec, klass = nil, message = nil, &block)
    raise ArgumentError, "Timeout sec must be a non-negative number" if sec && sec.to_f.negative?
    yield(sec)
  end

  def timeout(*args, &block) = Timeout.timeout(*args, &block)
  private :timeout
end

TimeoutError = Timeout::Error unless defined?(TimeoutError)
