#!/usr/bin/env bash
# Record the expected outputs of carmine's golden Ruby tests with CRuby.
#
# usage: tests/record.sh [FILE.rb | GROUP | GROUP_DIR ...]
#   no arguments  -> every tests/ruby/*/*.rb
#   GROUP         -> every tests/ruby/GROUP/*.rb (a name or a directory path)
#   FILE.rb       -> that test only
#
# Each test runs as `ruby <name>.rb` with the current directory set to its
# group directory, stdin from /dev/null and a 10 s timeout. It writes:
#   <name>.out     stdout (always)
#   <name>.err     stderr (only when non-empty; removed otherwise)
#   <name>.status  exit status plus newline (only when non-zero; removed otherwise)
# Set RUBY=/path/to/ruby to use another interpreter (default: ruby).
set -u

here=$(cd "$(dirname "$0")" && pwd)
root="$here/ruby"
ruby_bin=${RUBY:-ruby}
timeout_s=${TIMEOUT:-10}

files=()
if [ $# -eq 0 ]; then
  while IFS= read -r f; do files+=("$f"); done < <(find "$root" -mindepth 2 -maxdepth 2 -name '*.rb' | sort)
else
  for arg in "$@"; do
    if [ -f "$arg" ]; then
      files+=("$(cd "$(dirname "$arg")" && pwd)/$(basename "$arg")")
    elif [ -d "$arg" ]; then
      d=$(cd "$arg" && pwd)
      while IFS= read -r f; do files+=("$f"); done < <(find "$d" -maxdepth 1 -name '*.rb' | sort)
    elif [ -d "$root/$arg" ]; then
      while IFS= read -r f; do files+=("$f"); done < <(find "$root/$arg" -maxdepth 1 -name '*.rb' | sort)
    elif [ -f "$root/$arg" ]; then
      files+=("$root/$arg")
    else
      echo "record.sh: no such test or group: $arg" >&2
      exit 2
    fi
  done
fi

count=0; nonzero=0; timeouts=0
for f in "${files[@]}"; do
  dir=$(dirname "$f")
  name=$(basename "$f" .rb)
  (
    cd "$dir" || exit 99
    env -u RUBYOPT -u RUBYLIB LC_ALL=C.UTF-8 \
      timeout "$timeout_s" "$ruby_bin" "$name.rb" </dev/null >"$name.out" 2>"$name.err.tmp"
    rc=$?
    if [ -s "$name.err.tmp" ]; then mv "$name.err.tmp" "$name.err"; else rm -f "$name.err.tmp" "$name.err"; fi
    if [ "$rc" -ne 0 ]; then echo "$rc" >"$name.status"; else rm -f "$name.status"; fi
    exit "$rc"
  )
  rc=$?
  count=$((count + 1))
  if [ "$rc" -eq 124 ]; then
    timeouts=$((timeouts + 1)); echo "TIMEOUT: $f" >&2
  elif [ "$rc" -ne 0 ]; then
    nonzero=$((nonzero + 1))
  fi
done
echo "recorded $count test(s); $nonzero exited non-zero; $timeouts timed out" >&2
[ "$timeouts" -eq 0 ]
