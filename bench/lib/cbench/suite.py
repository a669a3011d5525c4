"""The main table: each classic (and harness) benchmark under every runtime,
interleaved, with carmine's output checked against CRuby's."""

from . import check, parse
from .cells import Cell, run_cells, summarize


def output_status(program, summary, reference, ref_name):
    """'ok', 'differs: ...' or '' (nothing to compare), for one cell."""
    if summary["stdout"] is None or reference is None:
        return ""
    diff = check.first_difference(reference, summary["stdout"])
    return f"differs from {ref_name}: {diff}" if diff else "ok"


def run_suite(programs, runtimes, opts, progress):
    """Returns the JSON-ready section for the main table."""
    rows = []
    baseline = next((rt for rt in runtimes if rt.baseline and rt.available), None)
    for index, program in enumerate(programs):
        harness = program.kind == "harness"
        args = program.args(opts.quick)
        cells = []
        for rt in runtimes:
            cell = Cell((rt.key,), rt, program, args, env=program.env(opts.quick))
            if not rt.available:
                cell.skipped = rt.note or "not available"
            cells.append(cell)
        run_cells(cells, f"{index + 1}/{len(programs)} {program.name}", opts.warmup, opts.repeat,
                  progress, opts.timeout, keep_env=opts.keep_env)
        summaries = {}
        for cell in cells:
            summaries[cell.runtime.key] = summarize(
                cell, harness=harness, output_filter=parse.strip_harness if harness else None)
        # Reference output: CRuby's from this run, else the recorded one.
        expected = check.read_expected(opts.bench_dir, program.name, opts.quick)
        if baseline and summaries[baseline.key]["stdout"] is not None:
            reference, ref_name = summaries[baseline.key]["stdout"], baseline.label
        else:
            reference, ref_name = expected, "bench/expected"
        for rt in runtimes:
            s = summaries[rt.key]
            s["output"] = output_status(program, s, reference, ref_name)
            if not rt.is_carmine and expected is not None and s["stdout"] is not None \
                    and check.first_difference(expected, s["stdout"]):
                s["output_vs_recorded"] = "differs from bench/expected"
            s.pop("stdout", None)
        row = {
            "name": program.name,
            "kind": program.kind,
            "description": program.description,
            "args": args,
            "runtimes": summaries,
            "metric": "itr_average_ms" if harness else "median_s",
        }
        rows.append(row)
    return {"baseline": baseline.key if baseline else None, "rows": rows}


def time_of(row, key):
    """The time the table and ratios use for runtime `key` in `row`:
    in-process average iteration time for harness programs (ms -> s), the
    process wall-time median otherwise."""
    s = row["runtimes"].get(key)
    if not s or s["status"] != "ok":
        return None
    if row["metric"] == "itr_average_ms":
        v = s.get("itr_average_ms")
        return None if v is None else v / 1000.0
    return s["median_s"]


def ratio(row, key, base_key):
    a, b = time_of(row, key), time_of(row, base_key) if base_key else None
    if a is None or b is None or b <= 0:
        return None
    return a / b
