# yjit-bench benchmarks start with `require_relative '../harness/loader'`;
# this loads the harness for benchmarks placed in bench/yjit/.
require_relative 'harness'
