# frozen_string_literal: true
#
# forwardable/impl.rb: the VM-specific half of the standard library's
# forwardable.rb (CRuby's inspects YARV instructions; JRuby and TruffleRuby
# ship their own too). carmine provides this file before the installed
# standard library, so the real forwardable.rb runs on top of it.

module Forwardable
  # Whether `().method` is a call of `method` (so the delegator can call it
  # directly; otherwise it goes through __send__).
  def self._valid_method?(method)
    RubyVM::InstructionSequence.__sole_call("().#{method}") == method.to_sym
  rescue SyntaxError
    false
  end

  def self._compile_method(src, file, line)
    RubyVM::InstructionSequence.compile(src, file, file, line).eval
  end
end
