# frozen_string_literal: true
#
# Thread, Mutex, Queue, SizedQueue and ConditionVariable are built in
# (prelude/thread.rb); this file only lets `require "thread"` succeed.
