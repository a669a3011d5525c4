"""bench/run's command line."""

import argparse
import shlex
import sys
from pathlib import Path

from . import check, experiments, measure, programs as programs_mod, report, rubybench, runtimes as rt_mod
from .cells import Progress
from .suite import run_suite

GROUPS = {
    "classic": "the classic call-heavy benchmarks (bench/benchmarks)",
    "harness": "programs written for the yjit-bench harness (bench/yjit)",
    "rubybench": "the ruby-bench benchmarks that need no gems (bench/rubybench/benchmarks.txt)",
    "sweeps": "every experiment (long)",
    "all": "everything",
}

USAGE_EPILOG = """
names: benchmark names (fib, tak, rubybench/optcarrot, ...), experiment names
(gmc, shared_module, invalidation, descendants, threads, jit) or groups
(classic, harness, rubybench, sweeps, all).  Without names: the classic and
harness benchmarks (and, with --check/--record, the experiments' programs),
plus every experiment with --sweeps; the ruby-bench benchmarks run only when
named (`rubybench`, or `rubybench/NAME`).

examples:
  bench/run --quick                 smoke run: small sizes, 3 timed runs each
  bench/run                         full table (median of 5 after 1 warm-up)
  bench/run fib tak gmc             two rows and the global-cache sweep
  bench/run --sweeps                table and all experiments (long)
  bench/run --quick --check         CI: each benchmark once on carmine vs bench/expected
  bench/run --record                regenerate bench/expected from CRuby
  bench/run rubybench               ruby-bench's no-gem benchmarks, fixed work
  bench/run rubybench --quick --check   CI: each once (small work), result checked
  bench/run rubybench --record      record their results from CRuby
"""


def parse_args(argv):
    p = argparse.ArgumentParser(prog="bench/run", description="Run carmine's benchmarks against CRuby.",
                                epilog=USAGE_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("names", nargs="*", help="benchmarks, experiments or groups")
    p.add_argument("--quick", action="store_true", help="small sizes, 3 timed runs (+1 warm-up)")
    p.add_argument("--check", action="store_true",
                   help="run each benchmark once on carmine at its quick size and compare with bench/expected")
    p.add_argument("--record", action="store_true",
                   help="regenerate bench/expected/*.out from the CRuby interpreter")
    p.add_argument("--sweeps", action="store_true", help="also run every experiment")
    p.add_argument("--repeat", type=int, help="timed runs per runtime (default 5; 3 with --quick)")
    p.add_argument("--warmup", type=int, default=1, help="discarded warm-up runs (default 1)")
    p.add_argument("--runtimes", help="comma-separated runtime keys to use in the table "
                                      "(e.g. ruby,ruby-yjit,carmine; see --list)")
    p.add_argument("--carmine", help="carmine binary (default: $CARMINE, else target/release/carmine)")
    p.add_argument("--carmine-arg", action="append", default=[], metavar="ARG",
                   help="extra flag for every carmine run (repeatable)")
    p.add_argument("--check-runtime", default="carmine", metavar="KEY",
                   help="with --check: the runtime to check (default carmine; e.g. ruby to validate bench/expected)")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds before a run is killed (default 300)")
    p.add_argument("--out", help="results directory (default bench/results)")
    p.add_argument("--rubybench-dir", metavar="DIR",
                   help="ruby-bench's tree (default ../shared/suites/ruby-bench from the repository root)")
    p.add_argument("--keep-env", action="store_true",
                   help="do not clear CARMINE_*, BENCH_* and RUBYOPT-like variables for the runs")
    p.add_argument("--list", action="store_true", help="list benchmarks, experiments and runtimes")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    return p.parse_args(argv)


class Options:
    def __init__(self, args, bench_dir):
        self.quick = args.quick
        self.repeat = args.repeat if args.repeat is not None else (3 if args.quick else 5)
        self.warmup = max(0, args.warmup)
        self.timeout = args.timeout
        self.keep_env = args.keep_env
        self.bench_dir = bench_dir


def resolve(names, programs, sweeps, for_programs_only=False):
    """(programs for the table, experiment names) selected by `names`."""
    by_name = programs_mod.by_name(programs)
    classic = [p for p in programs if p.kind == "classic"]
    harness = [p for p in programs if p.kind == "harness"]
    rubybench_programs = [p for p in programs if p.kind == rubybench.GROUP]
    table, exps = [], []
    if not names:
        if for_programs_only:
            return [p for p in programs if p.kind != rubybench.GROUP], []
        table = classic + harness
        exps = list(experiments.EXPERIMENTS) if sweeps else []
        return table, exps
    for name in names:
        if name == "all":
            table += classic + harness + ([p for p in programs if p.kind == "experiment"] if for_programs_only else [])
            exps += list(experiments.EXPERIMENTS)
        elif name == "classic":
            table += classic
        elif name in ("harness", "yjit"):
            table += harness
        elif name == rubybench.GROUP:
            table += rubybench_programs
        elif name in ("sweeps", "experiments"):
            if for_programs_only:
                table += [p for p in programs if p.kind == "experiment"]
            exps += list(experiments.EXPERIMENTS)
        elif name in experiments.EXPERIMENTS and not for_programs_only:
            exps.append(name)
        elif name in by_name:
            table.append(by_name[name])
        elif name == "jit" and for_programs_only:
            table.append(by_name["multiply"])
        else:
            choices = sorted(set(by_name) | set(experiments.EXPERIMENTS) | set(GROUPS))
            raise SystemExit(f"bench/run: unknown name {name!r}; choose from: {', '.join(choices)}")
    if sweeps and not for_programs_only:
        exps += list(experiments.EXPERIMENTS)
    seen = set()
    table = [p for p in table if not (p.name in seen or seen.add(p.name))]
    exps = list(dict.fromkeys(exps))
    return table, exps


def find_runtimes(args, repo_root):
    crubies = rt_mod.probe_crubies()
    carmine = rt_mod.probe_carmine(Path(args.carmine) if args.carmine else rt_mod.default_carmine_path(repo_root))
    if args.carmine_arg:
        carmine.argv += args.carmine_arg
    return crubies, carmine


def list_everything(programs, crubies, carmine, out):
    rb = [p for p in programs if p.kind == rubybench.GROUP]
    programs = [p for p in programs if p.kind != rubybench.GROUP]
    out.write("benchmarks (bench/benchmarks, bench/yjit):\n")
    for p in programs:
        if p.kind != "experiment":
            out.write(f"  {p.name:16} {p.kind:8} {' '.join(p.normal_args):>10} | quick {' '.join(p.quick_args):8} "
                      f"{p.description}\n")
    out.write("experiments (run when named, or with --sweeps):\n")
    for name, fn in experiments.EXPERIMENTS.items():
        out.write(f"  {name:16} {(fn.__doc__ or '').strip()}\n")
    out.write("experiment programs (bench/experiments; checked by --check):\n")
    for p in programs:
        if p.kind == "experiment":
            out.write(f"  {p.name:16} {' '.join(p.normal_args):>18} | params {' '.join(p.params)}\n")
    out.write("ruby-bench benchmarks (group rubybench; itrs | quick itrs):\n")
    for p in rb:
        e = p.rubybench
        opts = " ".join(sorted(e.options))
        out.write(f"  {p.name:34} {e.itrs:3} | {e.quick_itrs} {opts}\n")
    out.write("runtimes:\n")
    for rt in crubies + [carmine]:
        state = "available" if rt.available else f"skipped: {rt.note}"
        out.write(f"  {rt.key:16} {rt.label:18} {state}\n")


def require_rubybench(names, rb_programs, note):
    """Stops when the ruby-bench benchmarks were asked for but ruby-bench
    is missing; otherwise says which listed ones are missing."""
    wanted = any(n == rubybench.GROUP or n.startswith(rubybench.PREFIX) for n in names)
    if wanted and not rb_programs:
        raise SystemExit(f"bench/run: {note} (--rubybench-dir DIR)")
    if wanted and note:
        sys.stderr.write(f"bench/run: note: ruby-bench benchmarks {note}\n")


def main(argv, bench_dir):
    args = parse_args(argv)
    bench_dir = Path(bench_dir).resolve()
    repo_root = bench_dir.parent
    programs = programs_mod.discover(bench_dir)
    suite_dir = Path(args.rubybench_dir) if args.rubybench_dir else rubybench.default_suite_dir(repo_root)
    rb_programs, rb_note = rubybench.discover(bench_dir, suite_dir)
    programs += rb_programs
    opts = Options(args, bench_dir)
    measure.TMP_DIR = str(bench_dir / "results" / "tmp")
    command = "bench/run" + ("" if not argv else " " + " ".join(shlex.quote(a) for a in argv))

    if args.check or args.record:
        selected, _ = resolve(args.names, programs, False, for_programs_only=True)
        require_rubybench(args.names, rb_programs, rb_note)
        crubies, carmine = find_runtimes(args, repo_root)
        if args.record:
            base = next((rt for rt in crubies if rt.baseline), None)
            if base is None:
                raise SystemExit("bench/run --record: no CRuby found (apt-get install ruby)")
            print(f"recording from {base.version}")
            return check.record(selected, base, bench_dir, args.timeout, sys.stdout, args.keep_env)
        runtime = carmine if args.check_runtime == "carmine" else \
            next((rt for rt in crubies if rt.key == args.check_runtime), None)
        if runtime is None:
            raise SystemExit(f"bench/run: no runtime {args.check_runtime!r} (see --list)")
        return check.check(selected, runtime, bench_dir, args.timeout, sys.stdout, args.keep_env)

    crubies, carmine = find_runtimes(args, repo_root)
    if args.list:
        list_everything(programs, crubies, carmine, sys.stdout)
        return 0
    table, exp_names = resolve(args.names, programs, args.sweeps)
    require_rubybench(args.names, rb_programs, rb_note)
    # carmine with its JIT (MJIT's design: hot methods compiled by cc in
    # the background), beside the interpreter.
    carmine_jit = rt_mod.carmine_variant(carmine, "carmine-jit", "carmine --jit", ["--jit"])
    # The same source built with profile-guided optimisation (tools/pgo-build).
    carmine_pgo = rt_mod.probe_carmine(Path(repo_root) / "target" / "pgo" / "carmine", "carmine-pgo",
                                       "carmine (PGO)", "tools/pgo-build")
    if args.carmine_arg:
        carmine_pgo.argv += args.carmine_arg
    runtimes = crubies + [carmine] + ([carmine_pgo] if carmine_pgo.available else []) + [carmine_jit]
    if args.runtimes:
        keep = {k.strip() for k in args.runtimes.split(",") if k.strip()}
        unknown = keep - {rt.key for rt in runtimes}
        if unknown:
            raise SystemExit(f"bench/run: unknown runtime(s) {', '.join(sorted(unknown))}; "
                             f"known: {', '.join(rt.key for rt in runtimes)}")
        runtimes = [rt for rt in runtimes if rt.key in keep]
    progress = Progress(quiet=args.quiet)
    for rt in crubies + [carmine]:
        if not rt.available:
            progress.message(f"note: {rt.label} skipped: {rt.note}")

    suite_section = None
    if table:
        plain = [p for p in table if p.kind != rubybench.GROUP]
        rb_table = [p for p in table if p.kind == rubybench.GROUP]
        suite_section = run_suite(plain, runtimes, opts, progress)
        if rb_table:
            suite_section["rows"] += rubybench.run_suite(rb_table, runtimes, opts, progress, measure.TMP_DIR)
    sections = []
    if exp_names:
        ctx = experiments.Context(programs_mod.by_name(programs), crubies, carmine, opts, progress)
        for name in exp_names:
            sections.append(experiments.EXPERIMENTS[name](ctx))
    out_dir = Path(args.out) if args.out else bench_dir / "results"
    written = report.write_results(out_dir, command, opts, runtimes, suite_section, sections)
    progress.message(f"wrote {out_dir / 'latest.md'}, latest.json, {', '.join(written)}")
    return 0
