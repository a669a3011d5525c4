"""bench/expected: recording CRuby's outputs (--record) and checking a
runtime's outputs against them (--check), with bench/xfail.txt.

Each program's expected stdout is bench/expected/<name>.out for its normal
arguments, plus <name>.quick.out for its quick arguments when that output
differs.  Programs for the yjit-bench harness are compared without the
harness's own lines (see parse.strip_harness).  A ruby-bench benchmark
(`rubybench/NAME`) is compared by its result summary (rubybench.py), kept
in bench/expected/rubybench/NAME.out.
"""

import tempfile
from pathlib import Path

from . import measure, parse
from .runtimes import clean_env


def expected_path(bench_dir, name, quick):
    d = Path(bench_dir) / "expected"
    if quick and (d / f"{name}.quick.out").exists():
        return d / f"{name}.quick.out"
    return d / f"{name}.out"


def read_expected(bench_dir, name, quick):
    p = expected_path(bench_dir, name, quick)
    return p.read_text(encoding="utf-8") if p.exists() else None


def program_output(program, stdout):
    return parse.strip_harness(stdout) if program.kind == "harness" else stdout


def first_difference(expected, actual):
    """A short description of where two outputs first differ."""
    e, a = expected.splitlines(), actual.splitlines()
    for i in range(max(len(e), len(a))):
        el = e[i] if i < len(e) else "<missing>"
        al = a[i] if i < len(a) else "<missing>"
        if el != al:
            return f"line {i + 1}: expected {el[:80]!r}, got {al[:80]!r}"
    if expected != actual:
        return "trailing newline differs"
    return ""


def read_xfail(bench_dir):
    """{name: reason} from bench/xfail.txt (`name  # reason` per line)."""
    p = Path(bench_dir) / "xfail.txt"
    out = {}
    if not p.exists():
        return out
    for line in p.read_text(encoding="utf-8").splitlines():
        body, _, reason = line.partition("#")
        name = body.strip()
        if name:
            out[name] = reason.strip()
    return out


def run_program(runtime, program, quick, timeout, keep_env=False):
    argv = runtime.command([], program.path, program.args(quick))
    return measure.run_once(argv, env=clean_env(program.env(quick), keep=keep_env), timeout=timeout)


def program_result(runtime, program, quick, timeout, keep_env=False):
    """Runs a program once: (RunResult, the text compared with
    bench/expected or None when the run failed, why it failed).  For a
    ruby-bench benchmark the text is its result summary (rubybench.py)."""
    if program.kind == "rubybench":
        from . import rubybench  # rubybench imports this module
        return rubybench.run_once(runtime, program, quick, timeout,
                                  measure.TMP_DIR or tempfile.gettempdir(), keep_env)
    r = run_program(runtime, program, quick, timeout, keep_env)
    if not r.ok:
        return r, None, r.failure()
    return r, program_output(program, r.stdout), ""


def _group(name):
    return name.split("/", 1)[0] if "/" in name else ""


def check(programs, runtime, bench_dir, timeout, out, keep_env=False):
    """Runs every program once at its quick size under `runtime` and
    compares with bench/expected.  Prints one line per program and the
    summary line last.  Returns the exit status."""
    xfail = read_xfail(bench_dir)
    passed = failed = skipped = 0
    xfailed, xpassed = [], []
    if not runtime.available:
        out.write(f"{runtime.label}: {runtime.note}; skipping every benchmark\n")
        for p in programs:
            missing = "" if expected_path(bench_dir, p.name, True).exists() else \
                " (and no expected output recorded: bench/run --record)"
            out.write(f"skip   {p.name}{missing}\n")
            skipped += 1
        out.write(f"{passed} passed, {failed} failed, {skipped} skipped\n")
        return 0
    for p in programs:
        expected = read_expected(bench_dir, p.name, True)
        if expected is None:
            result, why = False, "no expected output recorded (bench/run --record)"
        else:
            _, text, why = program_result(runtime, p, True, timeout, keep_env)
            if text is None:
                result = False
            else:
                diff = first_difference(expected, text)
                result, why = (not diff), (f"output differs at {diff}" if diff else "")
        if p.name in xfail:
            if result:
                xpassed.append(p.name)
                passed += 1
                out.write(f"XPASS  {p.name} (listed in xfail.txt but passes: remove it)\n")
            else:
                xfailed.append(p.name)
                skipped += 1
                reason = xfail[p.name]
                out.write(f"xfail  {p.name}: {why}" + (f" [{reason}]" if reason else "") + "\n")
        elif result:
            passed += 1
            out.write(f"ok     {p.name}\n")
        else:
            failed += 1
            out.write(f"FAIL   {p.name}: {why}\n")
        out.flush()
    # names of another group (rubybench/NAME vs plain names) are not checked here
    groups = {_group(p.name) for p in programs}
    unknown = sorted(n for n in set(xfail) - {p.name for p in programs} if _group(n) in groups)
    if unknown:
        out.write(f"note: xfail.txt names no such benchmark: {', '.join(unknown)}\n")
    if xfailed or xpassed:
        out.write(f"({len(xfailed)} xfail counted as skipped, {len(xpassed)} XPASS counted as passed)\n")
    line = f"{passed} passed, {failed} failed"
    if skipped:
        line += f", {skipped} skipped"
    out.write(line + "\n")
    return 1 if failed else 0


def record(programs, runtime, bench_dir, timeout, out, keep_env=False):
    """Regenerates bench/expected from `runtime` (the CRuby interpreter):
    each program runs twice at each size; differing runs are an error
    (a benchmark must be deterministic).  Returns the exit status."""
    d = Path(bench_dir) / "expected"
    d.mkdir(exist_ok=True)
    status = 0
    for p in programs:
        outputs = {}
        for quick in (False, True):
            texts = []
            for _ in range(2):
                _, text, why = program_result(runtime, p, quick, timeout, keep_env)
                if text is None:
                    out.write(f"ERROR  {p.name} ({'quick' if quick else 'normal'}): {why}\n")
                    status = 1
                    break
                texts.append(text)
            if len(texts) < 2:
                break
            if texts[0] != texts[1]:
                out.write(f"ERROR  {p.name}: two runs printed different output "
                          f"({first_difference(texts[0], texts[1])}); not deterministic\n")
                status = 1
                break
            outputs[quick] = texts[0]
        if len(outputs) < 2:
            continue
        (d / f"{p.name}.out").parent.mkdir(parents=True, exist_ok=True)
        (d / f"{p.name}.out").write_text(outputs[False], encoding="utf-8")
        quick_file = d / f"{p.name}.quick.out"
        if outputs[True] != outputs[False]:
            quick_file.write_text(outputs[True], encoding="utf-8")
            out.write(f"record {p.name}: {p.name}.out, {p.name}.quick.out\n")
        else:
            if quick_file.exists():
                quick_file.unlink()
            out.write(f"record {p.name}: {p.name}.out (same at both sizes)\n")
        out.flush()
    return status
