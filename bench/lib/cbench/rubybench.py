"""The ruby-bench benchmarks (group `rubybench`): the list, the fixed-work
harness's environment, and what a run's result is.

The benchmarks are read from ruby-bench's own tree (by default
../shared/suites/ruby-bench relative to the repository root), never copied.
bench/rubybench/benchmarks.txt says which ones run and how many times each
`run_benchmark` block runs (`itrs`, `quick-itrs`); bench/rubybench/harness.rb
runs a benchmark file with that fixed work on any Ruby.

A run's **result** is the benchmark's own stdout plus, for each run of its
block, a canonical text of the block's return value (written by the harness
into a per-run file).  result_summary() turns them into a few lines, one
digest per item, which is what is compared between runtimes and recorded in
bench/expected/rubybench/ by `bench/run --record`.
"""

import hashlib
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from . import check, measure
from .cells import Cell, run_cells, summarize
from .programs import Program
from .runtimes import clean_env

GROUP = "rubybench"
PREFIX = GROUP + "/"  # program names: rubybench/NAME (ruby-bench has a fib too)
OPTIONS = {"result=off", "stdout=off"}  # and vm=NG
# Default address-space limit of each ruby-bench run (`vm=NG` changes it):
# a runtime that loops allocating (gvl_release_acquire on carmine reads
# /dev/zero forever) fails instead of taking the machine's memory.
MAX_VM_GB = 4
_VM_OPTION = re.compile(r"vm=([1-9][0-9]*)G")


@dataclass
class Entry:
    name: str  # ruby-bench's name (no prefix)
    itrs: int
    quick_itrs: int
    options: frozenset
    note: str = ""
    max_vm_gb: int = MAX_VM_GB

    @property
    def max_vm_kb(self):
        return self.max_vm_gb * 1024 * 1024


def parse_config(text):
    """[Entry] from benchmarks.txt; raises ValueError on a malformed line."""
    entries, seen = [], set()
    for lineno, line in enumerate(text.splitlines(), 1):
        body, _, note = line.partition("#")
        fields = body.split()
        if not fields:
            continue
        if len(fields) < 3:
            raise ValueError(f"line {lineno}: expected `name itrs quick-itrs [options]`: {line.strip()!r}")
        name, itrs, quick = fields[:3]
        if not (itrs.isdigit() and quick.isdigit()) or int(itrs) < 1:
            raise ValueError(f"line {lineno}: itrs must be >= 1 and quick-itrs >= 0: {line.strip()!r}")
        opts = frozenset(fields[3:])
        vm = [o for o in opts if _VM_OPTION.fullmatch(o)]
        bad = opts - OPTIONS - set(vm)
        if bad:
            raise ValueError(f"line {lineno}: unknown option(s) {', '.join(sorted(bad))}")
        if name in seen:
            raise ValueError(f"line {lineno}: {name} listed twice")
        seen.add(name)
        max_vm = int(_VM_OPTION.fullmatch(vm[-1]).group(1)) if vm else MAX_VM_GB
        entries.append(Entry(name, int(itrs), int(quick), opts - set(vm), note.strip(), max_vm))
    return entries


def default_suite_dir(repo_root):
    return Path(repo_root).resolve().parent / "shared" / "suites" / "ruby-bench"


def benchmark_file(suite_dir, name):
    """benchmarks/NAME.rb or benchmarks/NAME/benchmark.rb, or None."""
    d = Path(suite_dir) / "benchmarks"
    for p in (d / f"{name}.rb", d / name / "benchmark.rb"):
        if p.is_file():
            return p
    return None


def description(path):
    """The first comment line of a benchmark file, if any."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                line = line.strip()
                if line.startswith("#") and len(line) > 2 and not line.startswith("#!"):
                    return line.lstrip("#").strip()
                if line and not line.startswith("#"):
                    return ""
    except OSError:
        pass
    return ""


def discover(bench_dir, suite_dir):
    """(programs, note): one Program per benchmarks.txt entry whose file
    exists; the note says what was not found ('' when all were)."""
    config = Path(bench_dir) / GROUP / "benchmarks.txt"
    harness = Path(bench_dir) / GROUP / "harness.rb"
    entries = parse_config(config.read_text(encoding="utf-8"))
    if not Path(suite_dir).is_dir():
        return [], f"ruby-bench not found at {suite_dir}"
    programs, missing = [], []
    for e in entries:
        path = benchmark_file(suite_dir, e.name)
        if path is None:
            missing.append(e.name)
            continue
        programs.append(Program(
            name=PREFIX + e.name,
            path=harness,
            kind=GROUP,
            description=e.note or description(path),
            normal_args=[str(path)],
            quick_args=[str(path)],
            rubybench=e,
        ))
    note = f"not in {suite_dir}: {', '.join(missing)}" if missing else ""
    return programs, note


def result_dir(tmp_dir, program_name, runtime_key):
    """A fresh, empty directory for one cell's result files."""
    d = Path(tmp_dir) / "rubybench" / program_name.replace("/", "_") / runtime_key
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True, exist_ok=True)
    return d


def result_env(directory):
    return {"RUBYBENCH_RESULT": str(Path(directory) / "%p.res")}


_ITR_HEADER = re.compile(rb"itr (\d+) (\d+)\n")


def parse_results(data):
    """[(itr number, canonical bytes)] from a harness result file; raises
    ValueError when the file is malformed (truncated: the run died)."""
    out, pos = [], 0
    while pos < len(data):
        m = _ITR_HEADER.match(data, pos)
        if not m:
            raise ValueError(f"malformed result file at byte {pos}")
        n, size = int(m.group(1)), int(m.group(2))
        start = m.end()
        end = start + size
        if end + 1 > len(data) or data[end:end + 1] != b"\n":
            raise ValueError(f"truncated result of itr {n}")
        out.append((n, data[start:end]))
        pos = end + 1
    return out


def _digest_line(label, data):
    preview = data[:48].decode("utf-8", "replace").encode("unicode_escape").decode("ascii")
    more = "..." if len(data) > 48 else ""
    return f"{label}: {len(data)} bytes sha256={hashlib.sha256(data).hexdigest()[:16]} {preview}{more}".rstrip()


def result_summary(entry, stdout, results):
    """The text compared between runtimes and recorded: one line for stdout,
    one per block run, each with a digest (or `not compared`)."""
    lines = []
    if "stdout=off" in entry.options:
        lines.append("stdout: not compared")
    else:
        lines.append(_digest_line("stdout", stdout.encode("utf-8", "surrogateescape")))
    for n, data in results:
        if "result=off" in entry.options:
            lines.append(f"itr {n}: not compared")
        else:
            lines.append(_digest_line(f"itr {n}", data))
    return "\n".join(lines) + "\n"


def read_result_files(directory):
    """{file name: bytes} of the result files in `directory`, oldest first."""
    files = sorted(Path(directory).glob("*.res"), key=lambda p: (p.stat().st_mtime_ns, p.name))
    return {p.name: p.read_bytes() for p in files}


def summary_of_run(entry, run, directory):
    """(summary text or None, why-not) for one finished run whose result
    files are in `directory` (read, then removed)."""
    files = read_result_files(directory)
    for name in files:
        os.unlink(Path(directory) / name)
    if not run.ok:
        return None, run.failure()
    data = b"".join(files.values())
    try:
        results = parse_results(data)
    except ValueError as e:
        return None, str(e)
    return result_summary(entry, run.stdout, results), ""


def run_once(runtime, program, quick, timeout, tmp_dir, keep_env=False):
    """Runs one ruby-bench benchmark once: (RunResult, summary or None, why)."""
    directory = result_dir(tmp_dir, program.name, runtime.key)
    env = clean_env({**program.env(quick), **result_env(directory)}, keep=keep_env)
    argv = runtime.command([], program.path, program.args(quick))
    r = measure.run_once(argv, env=env, timeout=timeout, max_vm_kb=program.rubybench.max_vm_kb)
    summary, why = summary_of_run(program.rubybench, r, directory)
    return r, summary, why


def run_suite(programs, runtimes, opts, progress, tmp_dir):
    """The table's rows for ruby-bench benchmarks: every runtime
    interleaved, as suite.run_suite, with each run's result summary in
    place of its stdout.  Returns the rows (suite.run_suite's format)."""
    rows = []
    baseline = next((rt for rt in runtimes if rt.baseline and rt.available), None)
    for index, program in enumerate(programs):
        cells, summaries_of = [], {}
        for rt in runtimes:
            directory = result_dir(tmp_dir, program.name, rt.key)
            cell = Cell((rt.key,), rt, program, program.args(opts.quick),
                        env={**program.env(opts.quick), **result_env(directory)},
                        max_vm_kb=program.rubybench.max_vm_kb)
            if not rt.available:
                cell.skipped = rt.note or "not available"
            cells.append(cell)
            summaries_of[rt.key] = (directory, [])

        def after_run(cell, run):
            directory, texts = summaries_of[cell.runtime.key]
            text, why = summary_of_run(program.rubybench, run, directory)
            if text is None:
                return why
            texts.append(text)
            return ""

        run_cells(cells, f"{index + 1}/{len(programs)} {program.name}", opts.warmup, opts.repeat,
                  progress, opts.timeout, keep_env=opts.keep_env, after_run=after_run)
        summaries = {}
        for cell in cells:
            s = summarize(cell)
            texts = summaries_of[cell.runtime.key][1]
            s["stdout"] = texts[-1] if texts and s["status"] == "ok" else None
            if len(set(texts)) > 1:
                s["output_between_runs"] = "result differs between runs: " + \
                    check.first_difference(texts[0], next(t for t in texts if t != texts[0]))
                s["results_seen"] = texts  # every run's summary, to see what changed
            s["result"] = s["stdout"]
            summaries[cell.runtime.key] = s
        expected = check.read_expected(opts.bench_dir, program.name, opts.quick)
        if baseline and summaries[baseline.key]["stdout"] is not None:
            reference, ref_name = summaries[baseline.key]["stdout"], baseline.label
        else:
            reference, ref_name = expected, "bench/expected"
        for rt in runtimes:
            s = summaries[rt.key]
            if s["stdout"] is not None and reference is not None:
                diff = check.first_difference(reference, s["stdout"])
                s["output"] = f"differs from {ref_name}: {diff}" if diff else "ok"
            else:
                s["output"] = ""
            if s.get("output_between_runs") and s["output"] in ("ok", ""):
                s["output"] = "differs: " + s["output_between_runs"]
            if not rt.is_carmine and expected is not None and s["stdout"] is not None \
                    and check.first_difference(expected, s["stdout"]):
                s["output_vs_recorded"] = "differs from bench/expected"
            s.pop("stdout", None)
        rows.append({
            "name": program.name,
            "kind": program.kind,
            "description": program.description,
            "args": [f"RUBYBENCH_ITRS={program.env(opts.quick)['RUBYBENCH_ITRS']}"],
            "runtimes": summaries,
            "metric": "median_s",
        })
    return rows
