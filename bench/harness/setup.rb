# Older yjit-bench benchmarks `require_relative '../harness/setup'`.
require_relative 'harness'
