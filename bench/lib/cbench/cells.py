"""Running a grid of configurations ("cells") interleaved, and summarising.

A cell is one (runtime, runtime flags, program, program arguments).  All
cells of one benchmark or sweep run round-robin — A B C A B C ... — so slow
drifts of the machine (other load, thermal) spread over all of them; the
first `warmup` rounds are discarded and the median of the rest is reported.
A cell that fails stops being repeated.
"""

import statistics
import sys
from dataclasses import dataclass, field

from . import measure, parse
from .runtimes import clean_env


@dataclass
class Cell:
    key: tuple  # identifies the cell inside its sweep, e.g. ("carmine", 2048)
    runtime: object  # runtimes.Runtime
    program: object  # programs.Program
    args: list
    flags: list = field(default_factory=list)
    env: dict = field(default_factory=dict)
    label: str = ""  # what progress lines show
    runs: list = field(default_factory=list)  # measure.RunResult, warm-up included
    failure: str = ""
    skipped: str = ""  # set before running: why this cell will not run
    warmup: int = 0  # how many of `runs` were warm-up runs
    max_vm_kb: int = 0  # address-space limit of each run (0: none)

    def argv(self):
        return self.runtime.command(self.flags, self.program.path, self.args)

    def display(self):
        flags = " ".join(self.flags)
        return self.label or f"{self.runtime.label}{(' ' + flags) if flags else ''}"


class Progress:
    """One status line per run on stderr; rewritten in place on a tty."""

    def __init__(self, stream=None, quiet=False):
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.quiet = quiet
        self.width = 0

    def show(self, text, final=False):
        if self.quiet:
            return
        if self.tty:
            pad = max(0, self.width - len(text))
            self.stream.write("\r" + text + " " * pad + ("\n" if final else ""))
            self.width = 0 if final else len(text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def done(self):
        if self.tty and self.width and not self.quiet:
            self.stream.write("\n")
            self.stream.flush()
            self.width = 0

    def message(self, text):
        self.done()
        if not self.quiet:
            self.stream.write(text + "\n")
            self.stream.flush()


def run_cells(cells, title, warmup, repeat, progress, timeout, cwd=None, keep_env=False, after_run=None):
    """Runs every cell warmup + repeat times, interleaved.  Fills cell.runs
    and cell.failure.  `after_run(cell, result)`, if given, is called after
    each run and may return a failure message that stops the cell."""
    active = [c for c in cells if not c.skipped]
    total = warmup + repeat
    for cell in active:
        cell.warmup = warmup
    for rnd in range(total):
        for i, cell in enumerate(active):
            if cell.failure:
                continue
            phase = "warm-up" if rnd < warmup else f"run {rnd - warmup + 1}/{repeat}"
            where = (f"[{title}] {cell.display()} · args {' '.join(str(a) for a in cell.args)} "
                     f"· cell {i + 1}/{len(active)} · {phase}")
            if progress.tty:
                progress.show(f"{where} ...")
            env = clean_env(cell.env, keep=keep_env)
            r = measure.run_once(cell.argv(), env=env, cwd=cwd, timeout=timeout,
                                 max_vm_kb=cell.max_vm_kb or None)
            cell.runs.append(r)
            problem = after_run(cell, r) if after_run else ""
            if not r.ok or problem:
                cell.failure = r.failure() or problem
                progress.message(f"{where}: FAILED ({cell.failure})")
            else:
                progress.show(f"{where} · {r.wall_s:.3f} s", final=not progress.tty)
    progress.done()


def _median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def summarize(cell, harness=False, output_filter=None):
    """A JSON-ready summary of a cell: median wall time and RSS over the
    timed runs, their spread, the output, carmine stats and metrics."""
    warmup = cell.warmup
    timed = [r for r in cell.runs[warmup:] if r.ok]
    out = {
        "runtime": cell.runtime.key,
        "label": cell.display(),
        "flags": list(cell.flags),
        "args": list(cell.args),
        "status": "skipped" if cell.skipped else ("failed" if cell.failure else "ok"),
        "note": cell.skipped or cell.failure,
        "times_s": [round(r.wall_s, 6) for r in timed],
        "median_s": None,
        "min_s": None,
        "max_s": None,
        "rss_kb": [r.max_rss_kb for r in timed],
        "median_rss_kb": None,
        "stats": None,
        "metrics": {},
        "stdout": None,
    }
    if cell.failure and cell.runs:
        out["stderr_tail"] = cell.runs[-1].stderr[-2000:]
    if not timed:
        if cell.runs and not cell.failure:
            out["status"] = "failed"
        return out
    out["median_s"] = round(statistics.median(r.wall_s for r in timed), 6)
    out["min_s"] = round(min(r.wall_s for r in timed), 6)
    out["max_s"] = round(max(r.wall_s for r in timed), 6)
    out["median_rss_kb"] = int(statistics.median(r.max_rss_kb for r in timed))
    stdout = timed[-1].stdout
    out["stdout"] = output_filter(stdout) if output_filter else stdout
    stats = parse.carmine_stats(timed[-1].stderr)
    if stats is not None:
        out["stats"] = stats
    names = set()
    per_run = [parse.metrics(r.stderr) for r in timed]
    for m in per_run:
        names.update(m)
    out["metrics"] = {n: _median([m.get(n) for m in per_run]) for n in sorted(names)}
    if harness:
        avgs = []
        for r in timed:
            itrs, average = parse.harness_times(r.stdout)
            if average:
                avgs.append(average[1])
        out["itr_average_ms"] = _median(avgs)
    return out
