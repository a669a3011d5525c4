#!/usr/bin/env bash
# Run golden and adversarial tests under valgrind memcheck and report any
# memory error (invalid read/write, use of uninitialised values, bad free).
#
# usage: fuzz/valgrind.sh [EVERY]
#   EVERY: take every EVERY-th test of each suite (default 10: a subset,
#   since memcheck is ~50x slower than a native run; 1 = all tests).
#
# Needs a debug build (`cargo build`) and valgrind; CARMINE_BIN picks
# another binary (the release build runs the whole suite ~5x faster).
# Leaks are not checked (the GC heap and interned symbols live until exit). The 1 GiB interpreter
# thread stack and the native-stack check work unchanged under valgrind.
# Output is not compared with the recorded one (the golden harness does
# that); a test fails here only when memcheck reports an error. Exit
# status 1 if any did.
set -u
cd "$(dirname "$0")/.."
every=${1:-10}
bin=${CARMINE_BIN:-target/debug/carmine}
[ -x "$bin" ] || { echo "valgrind.sh: build first (cargo build)" >&2; exit 2; }
bin=$(realpath "$bin")
log=$(mktemp -d)
n=0; bad=0; i=0
while IFS= read -r f; do
  i=$((i + 1))
  [ $((i % every)) -eq 0 ] || continue
  n=$((n + 1))
  out="$log/$(echo "$f" | tr / _).vg"
  (cd "$(dirname "$f")" && ulimit -v 8388608 && timeout 600 valgrind -q --tool=memcheck \
      --error-exitcode=99 --leak-check=no --main-stacksize=67108864 \
      --max-stackframe=1073741824 --log-file="$out" \
      "$bin" "$(basename "$f")" </dev/null >/dev/null 2>&1)
  rc=$?
  if [ $rc -eq 99 ] || [ $rc -eq 126 ] || [ $rc -eq 127 ] || [ -s "$out" ]; then
    bad=$((bad + 1))
    echo "MEMCHECK ERROR $f (exit $rc): $out"
    head -20 "$out"
  fi
done < <(find tests/ruby tests/adversarial -name '*.rb' | sort)
echo "valgrind: $n tests, $bad with memcheck errors (logs in $log)"
[ $bad -eq 0 ]
