#!/usr/bin/env bash
# Record CRuby's outcome for carmine's adversarial tests (tests/adversarial).
#
# usage: tests/adversarial/record.sh [FILE.rb ...]   (default: every *.rb here)
#
# Same conventions as tests/record.sh (which does the work): NAME.out,
# NAME.err (if non-empty), NAME.status (if non-zero). Additionally the
# address space is limited to 4 GiB (ulimit -v), exactly as the Rust harness
# tests/adversarial.rs does for carmine, so "allocate a terabyte" cases fail
# the same way on every machine instead of depending on its RAM.
# Files whose first line is `# carmine-check: status-only` must make CRuby
# exit 1 with something on stderr; this script checks that.
set -u
here=$(cd "$(dirname "$0")" && pwd)
ulimit -v 4194304
if [ $# -eq 0 ]; then set -- "$here"; fi
"$here/../record.sh" "$@"
rc=$?
bad=0
for f in "$here"/*.rb; do
  if head -n1 "$f" | grep -q '^# carmine-check: status-only'; then
    base=${f%.rb}
    if [ "$(cat "$base.status" 2>/dev/null)" != "1" ] || [ ! -s "$base.err" ]; then
      echo "record: $f is status-only but CRuby did not exit 1 with stderr" >&2
      bad=1
    fi
  fi
done
[ "$rc" -eq 0 ] && [ "$bad" -eq 0 ]
