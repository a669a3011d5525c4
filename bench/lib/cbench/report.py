"""Writing the results: latest.md (tables), latest.json (everything), and
the SVG charts, into bench/results/ (or --out)."""

import json
import math
import os
import platform
import time
from pathlib import Path

from . import measure, svg
from .suite import ratio, time_of

CHART_NAMES = ("ratios.svg", "gmc.svg", "shared_module.svg", "invalidation.svg",
               "descendants.svg", "threads.svg", "jit.svg")


def _md_escape(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def md_table(headers, rows):
    out = ["| " + " | ".join(_md_escape(h) for h in headers) + " |",
           "|" + "|".join(" --- " for _ in headers) + "|"]
    for row in rows:
        out.append("| " + " | ".join(_md_escape("" if c is None else c) for c in row) + " |")
    return "\n".join(out)


def _spread(s):
    if not s or s.get("median_s") is None or not s.get("times_s") or len(s["times_s"]) < 2:
        return ""
    half = (s["max_s"] - s["min_s"]) / 2 / s["median_s"] * 100
    return f" ±{half:.0f}%"


def _time_cell(row, rt):
    s = row["runtimes"].get(rt.key)
    if s is None:
        return ""
    if s["status"] == "skipped":
        return "—"
    if s["status"] == "failed":
        return "failed"
    t = time_of(row, rt.key)
    if t is None:
        return ""
    if row["metric"] == "itr_average_ms":
        return f"{svg.fmt_seconds(t)}/itr"
    return svg.fmt_seconds(t) + _spread(s)


def _output_cell(row, runtimes):
    notes = []
    for rt in runtimes:
        s = row["runtimes"].get(rt.key)
        if s is None:
            continue
        if s["status"] == "failed" and rt.is_carmine:
            notes.append(f"{rt.label} failed: {s['note']}")
        elif s.get("output", "").startswith("differs"):
            notes.append(f"{rt.label} ✗ {s['output']}")
        elif s.get("output_vs_recorded"):
            notes.append(f"{rt.label}: {s['output_vs_recorded']}")
    if notes:
        return "; ".join(notes)
    carmine = next((rt for rt in runtimes if rt.is_carmine), None)
    if carmine is None:
        return ""
    s = row["runtimes"].get(carmine.key, {})
    if s.get("output") == "ok":
        return "ok"
    if s.get("status") == "skipped":
        return "no carmine run"
    return ""


def suite_table(section, runtimes):
    shown = [rt for rt in runtimes if rt.available or rt.is_carmine]
    base = section["baseline"]
    carmine = next((rt for rt in runtimes if rt.is_carmine), None)
    others = [rt for rt in shown if not rt.is_carmine and rt.key != base]
    headers = ["benchmark"] + [rt.label for rt in shown]
    base_label = next((rt.label for rt in runtimes if rt.key == base), "ruby")
    # the other carmine builds and modes (PGO, --jit): each against the baseline
    variants = [rt for rt in shown if rt.is_carmine and rt is not carmine]
    if carmine:
        headers.append(f"carmine / {base_label}")
        headers += [f"carmine / {rt.label}" for rt in others]
        headers += [f"{rt.label} / {base_label}" for rt in variants]
    headers += ["peak RSS MB (" + " / ".join(rt.label for rt in shown) + ")", "output"]
    rows = []
    for row in section["rows"]:
        cells = [row["name"]] + [_time_cell(row, rt) for rt in shown]
        if carmine:
            for other in [base] + [rt.key for rt in others]:
                r = ratio(row, carmine.key, other)
                cells.append("" if r is None else svg.fmt_ratio(r))
            for rt in variants:
                r = ratio(row, rt.key, base)
                cells.append("" if r is None else svg.fmt_ratio(r))
        rss = []
        for rt in shown:
            kb = row["runtimes"].get(rt.key, {}).get("median_rss_kb")
            rss.append("—" if kb is None else f"{kb / 1024:.0f}")
        cells.append(" / ".join(rss))
        cells.append(_output_cell(row, runtimes))
        rows.append(cells)
    return md_table(headers, rows)


def _geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    return (math.exp(sum(math.log(x) for x in xs) / len(xs)), len(xs)) if xs else (None, 0)


def geomean_lines(section, runtimes):
    """One line per carmine runtime: the geometric mean of its time and
    peak-RSS ratios to the baseline over the rows where its output is
    correct (rows without a checked result are left out)."""
    base = section["baseline"]
    base_label = next((rt.label for rt in runtimes if rt.key == base), "ruby")
    lines = []
    for rt in runtimes:
        if not rt.is_carmine or not rt.available:
            continue
        times, rss = [], []
        for row in section["rows"]:
            s = row["runtimes"].get(rt.key, {})
            b = row["runtimes"].get(base, {})
            if s.get("output") != "ok":
                continue
            times.append(ratio(row, rt.key, base))
            if s.get("median_rss_kb") and b.get("median_rss_kb"):
                rss.append(s["median_rss_kb"] / b["median_rss_kb"])
        t, n = _geomean(times)
        m, _ = _geomean(rss)
        if t is None:
            continue
        excluded = len(section["rows"]) - n
        lines.append(f"- geometric mean of {rt.label} / {base_label} over the {n} benchmarks whose result "
                     f"matches: time {svg.fmt_ratio(t)}" + (f", peak RSS {svg.fmt_ratio(m)}" if m else "")
                     + (f" ({excluded} left out: failed, skipped or wrong)" if excluded else ""))
    return lines


def ratio_figure(section, runtimes):
    base = section["baseline"]
    base_label = next((rt.label for rt in runtimes if rt.key == base), "ruby")
    others = [rt for rt in runtimes if rt.key != base and (rt.available or rt.is_carmine)]
    others.sort(key=lambda rt: not rt.is_carmine)  # carmine first (red)
    names = [row["name"] for row in section["rows"]]
    # colours stay the same whether or not carmine has results (carmine: red)
    series = [{"name": f"{rt.label} / {base_label}", "color": svg.PALETTE[i % len(svg.PALETTE)],
               "values": [ratio(row, rt.key, base) for row in section["rows"]]}
              for i, rt in enumerate(others)]
    carmine = next((rt for rt in runtimes if rt.is_carmine), None)
    note = None
    if carmine and not carmine.available:
        note = "no carmine results: " + ("binary not found" if carmine.note.startswith("binary not found")
                                         else carmine.note[:60])
    return svg.figure(f"Time relative to {base_label} (lower is faster)", [
        svg.HBarPanel("median wall time ratio per benchmark", names, series, scale="log", ref=1.0,
                      x_title=f"time / {base_label} time (log scale; < 1 = faster than {base_label})",
                      note=note, width=760),
    ], columns=1, subtitle="harness (itr_*) rows compare the average non-warm-up iteration time")


def _runtime_lines(runtimes):
    out = []
    for rt in runtimes:
        role = " (baseline for ratios)" if rt.baseline else ""
        if rt.available:
            out.append(f"- **{rt.label}**{role}: `{' '.join(rt.argv)}` — {rt.version or 'version unknown'}")
        else:
            out.append(f"- **{rt.label}**: skipped — {rt.note}")
    return "\n".join(out)


def machine_info():
    info = {"platform": platform.platform(), "python": platform.python_version(),
            "cpus": os.cpu_count()}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        info["loadavg"] = os.getloadavg()
    except OSError:
        pass
    return info


def write_results(out_dir, command, opts, runtimes, suite_section, experiment_sections):
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    machine = machine_info()
    written = []
    md = [f"# carmine benchmarks: latest run", "",
          f"`{command}` · {stamp} · {machine.get('cpu', '?')} ({machine['cpus']} CPUs) · {machine['platform']}",
          "",
          f"Each number is the median wall time of {opts.repeat} runs after {opts.warmup} discarded warm-up "
          f"run(s); the runtimes' runs are interleaved (A B C A B C ...). "
          f"{'Quick sizes (--quick): timings are for smoke-testing only. ' if opts.quick else ''}"
          f"Peak RSS via {measure.rss_method()}. See bench/README.md for how to read this.", "",
          "Runtimes:", "", _runtime_lines(runtimes), ""]
    if suite_section is not None:
        (out_dir / "ratios.svg").write_text(ratio_figure(suite_section, runtimes), encoding="utf-8")
        written.append("ratios.svg")
        md += ["## Benchmarks", "", "![time ratios](ratios.svg)", "",
               suite_table(suite_section, runtimes), ""] + geomean_lines(suite_section, runtimes) + ["",
               "Times: median ±half the min–max spread. Ratios below 1.00× mean carmine is faster. "
               "`—` = runtime skipped; `✗` = output differs from CRuby's (that time does not count).", ""]
    if experiment_sections:
        md += ["## Experiments", ""]
    for sec in experiment_sections:
        fname = f"{sec['name']}.svg"
        (out_dir / fname).write_text(sec["figure"], encoding="utf-8")
        written.append(fname)
        md += [f"### {sec['title']}", "", sec["what"], "", f"![{sec['name']}]({fname})", "",
               md_table(sec["headers"], sec["rows"]), ""]
        for note in sec["notes"]:
            md.append(f"- {note}")
        if sec["notes"]:
            md.append("")
    for name in CHART_NAMES:  # charts of a previous run would not match this run's tables
        if name not in written and (out_dir / name).exists():
            (out_dir / name).unlink()
    (out_dir / "latest.md").write_text("\n".join(md), encoding="utf-8")
    doc = {
        "command": command,
        "time": stamp,
        "machine": machine,
        "options": {"quick": opts.quick, "repeat": opts.repeat, "warmup": opts.warmup},
        "rss_method": measure.rss_method(),
        "runtimes": [{"key": rt.key, "label": rt.label, "argv": rt.argv, "available": rt.available,
                      "note": rt.note, "version": rt.version, "baseline": rt.baseline,
                      "is_carmine": rt.is_carmine} for rt in runtimes],
        "benchmarks": suite_section,
        "experiments": [{k: v for k, v in sec.items() if k != "figure"} for sec in experiment_sections],
        "charts": written,
    }
    (out_dir / "latest.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return written
