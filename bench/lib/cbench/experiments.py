"""The source documents' experiments, each a sweep with its own chart.

  gmc            global method cache size 2K..512K: hit rate, misses, time
  shared_module  one call site in a module included by N classes, --ic 1..8
  invalidation   an invalidating operation every K calls, per strategy
  descendants    modifying a class with D descendants, per strategy
  threads        benchmarked vs invalidating threads (1/1 .. 10/10)
  jit            small numeric methods in a hot loop (multiply) per runtime

Each experiment builds its cells (runtime x flags x program arguments), runs
them all interleaved, and returns a section: a markdown table, the raw data,
and an SVG figure.  carmine's numbers come from its --stats=json line
(parse.py); CRuby has no such flags and appears as a time reference.
"""

from . import parse, svg
from .cells import Cell, run_cells, summarize
from .runtimes import carmine_variant, has_feature

GMC_SIZES = (2048, 16384, 32768, 65536, 131072, 262144, 524288)
IC_SIZES = (1, 2, 4, 8)
STRATEGIES = ("global", "hierarchical", "method")
INVALIDATION_OPS = ("base", "unrelated", "same", "ostruct")
THREADS_PROBE = 'require "ostruct"; t = Thread.new { 1 }; print(t.value == 1 ? "ok" : "no")'


def size_label(n):
    return f"{n // 1024}K" if n >= 1024 and n % 1024 == 0 else str(n)


class Context:
    """What every experiment needs: programs, runtimes, options, progress."""

    def __init__(self, programs, runtimes, carmine, opts, progress):
        self.programs = programs  # name -> Program
        self.runtimes = {rt.key: rt for rt in runtimes}
        self.carmine = carmine
        self.opts = opts
        self.progress = progress

    def runtime(self, key):
        return self.runtimes.get(key)

    def size(self, program):
        args = program.args(self.opts.quick)
        return args[0] if args else ""

    def cell(self, key, rt, program, args, flags=(), label=""):
        c = Cell(key, rt, program, [str(a) for a in args], list(flags), label=label)
        if rt is None:
            c.skipped = "runtime not found"
        elif not rt.available:
            c.skipped = rt.note or "not available"
        return c

    def run(self, title, cells):
        run_cells(cells, title, self.opts.warmup, self.opts.repeat, self.progress,
                  self.opts.timeout, keep_env=self.opts.keep_env)
        results = {c.key: summarize(c) for c in cells}
        # every output is checked against CRuby's for the same arguments
        reference = {}
        for c in cells:
            s = results[c.key]
            if c.runtime is not None and c.runtime.baseline and s["stdout"] is not None:
                reference[tuple(c.args)] = s["stdout"]
        for c in cells:
            s = results[c.key]
            ref = reference.get(tuple(c.args))
            if s["stdout"] is None or ref is None:
                s["output"] = ""
            elif c.runtime.baseline:
                s["output"] = "ok"
            else:
                s["output"] = "ok" if s["stdout"] == ref else "differs from ruby"
            s.pop("stdout", None)
        return results


def _ms(ns):
    return None if ns is None else ns / 1e6


def _cellfmt(v, fmt):
    return "" if v is None else fmt(v)


def _status(s):
    """What a table cell shows for a run that produced no time."""
    if s is None:
        return ""
    if s["status"] == "skipped":
        return "skipped"
    if s["status"] == "failed":
        return "failed"
    return ""


def _time(s):
    if s is None or s["median_s"] is None:
        return _status(s)
    text = svg.fmt_seconds(s["median_s"])
    return text + (" ✗" if s.get("output", "").startswith("differs") else "")


def _nodata(ctx):
    """What an empty carmine panel says."""
    if not ctx.carmine.available and ctx.carmine.note.startswith("binary not found"):
        return "no carmine results\n(carmine binary not found)"
    return "no carmine results" + (f"\n({ctx.carmine.note})" if not ctx.carmine.available else "")


def _carmine_note(ctx):
    return "" if ctx.carmine.available else f"carmine: {ctx.carmine.note}"


def _section(name, title, what, headers, rows, figure, notes, data):
    return {"name": name, "title": title, "what": what, "headers": headers, "rows": rows,
            "figure": figure, "notes": [n for n in notes if n], "data": data}


# ------------------------------------------------------------------ 1. gmc

def gmc(ctx):
    """Global method cache size 2K..512K: hit rate, misses, time (seed 000)."""
    prog = ctx.programs["gmc"]
    args = prog.args(ctx.opts.quick)
    ruby = ctx.runtime("ruby")
    cells = [ctx.cell(("ruby",), ruby, prog, args)]
    for n in GMC_SIZES:
        # --ic=1: monomorphic inline caches in front of the global cache, the
        # configuration seed 000 measured (CRuby 2.2, which had no per-class
        # caches under it: --class-cache=off)
        cells.append(ctx.cell(("carmine", n), ctx.carmine, prog, args,
                              ["--ic=1", f"--gmc-size={n}", "--class-cache=off", "--stats=json"],
                              label=f"carmine --gmc-size={n}"))
    res = ctx.run("gmc", cells)
    rows, data = [], []
    ref = res[("ruby",)]
    for n in GMC_SIZES:
        s = res[("carmine", n)]
        st = s["stats"]
        d = {"gmc_size": n, "median_s": s["median_s"], "status": s["status"], "output": s["output"],
             "hits": parse.number(st, "gmc_hits"), "misses": parse.number(st, "gmc_misses"),
             "collisions": parse.number(st, "gmc_collisions"), "hit_rate": parse.gmc_hit_rate(st),
             "miss_time_ms": _ms(parse.number(st, "miss_time_ns")),
             "reported_size": parse.number(st, "gmc_size"), "rss_kb": s["median_rss_kb"]}
        data.append(d)
        rows.append([size_label(n), _cellfmt(d["hits"], svg.fmt_count), _cellfmt(d["misses"], svg.fmt_count),
                     _cellfmt(d["hit_rate"], svg.fmt_pct), _cellfmt(d["collisions"], svg.fmt_count),
                     _cellfmt(d["miss_time_ms"], svg.fmt_ms), _time(s), s["output"]])
    rows.append(["ruby (no such flag)", "", "", "", "", "", _time(ref), ref["output"]])
    labels = [size_label(n) for n in GMC_SIZES]
    methods = 400 * int(args[1] if len(args) > 1 else 100)
    nodata = _nodata(ctx)
    fig = svg.figure("Global method cache size sweep", [
        svg.LinePanel("hit rate", labels, [{"name": "carmine", "values": [d["hit_rate"] for d in data]}],
                      x_title="--gmc-size (entries)", y_title="global cache hit rate",
                      y_format=svg.fmt_pct, y_zero=False, note=None if any(d["hit_rate"] for d in data) else nodata),
        svg.LinePanel("misses", labels, [{"name": "carmine", "values": [d["misses"] for d in data]}],
                      x_title="--gmc-size (entries)", y_title="misses", note=None if any(d["misses"] for d in data) else nodata),
        svg.LinePanel("run time", labels, [
            {"name": "carmine", "values": [d["median_s"] for d in data]},
            {"name": "ruby (reference)", "values": [ref["median_s"]] * len(labels), "dashed": True}],
            x_title="--gmc-size (entries)", y_title="wall time (median)", y_format=svg.fmt_seconds),
        svg.LinePanel("time spent in misses", labels,
                      [{"name": "carmine", "values": [d["miss_time_ms"] for d in data]}],
                      x_title="--gmc-size (entries)", y_title="miss time (ms)", y_format=svg.fmt_count,
                      note=None if any(d["miss_time_ms"] for d in data) else nodata),
    ], columns=2, subtitle=f"gmc.rb {' '.join(args)}: {methods:,} methods in 400 classes, skewed calls "
                           f"through 800 megamorphic call sites")
    return _section("gmc", "1. Global method cache size sweep",
                    "gmc.rb under carmine --ic=1 --gmc-size=2K..512K --class-cache=off (seed 000: "
                    "monomorphic inline caches in front of the global cache, nothing under it). Hit rate = gmc_hits / (gmc_hits + gmc_misses) from "
                    "--stats=json.",
                    ["--gmc-size", "hits", "misses", "hit rate", "collisions", "miss time", "time", "output"],
                    rows, fig, [_carmine_note(ctx)], {"args": args, "points": data, "ruby": ref})


# --------------------------------------------------------- 2. shared_module

def shared_module(ctx):
    """One call site in a module included by N classes, --ic 1,2,4,8 (seed 002)."""
    prog = ctx.programs["shared_module"]
    size = ctx.size(prog)
    ns = prog.params
    cells = []
    for n in ns:
        for key in ("ruby", "ruby-yjit"):
            rt = ctx.runtime(key)
            if rt is not None:
                cells.append(ctx.cell((key, n), rt, prog, [size, n]))
        for ic in IC_SIZES:
            cells.append(ctx.cell(("carmine", n, ic), ctx.carmine, prog, [size, n],
                                  [f"--ic={ic}", "--stats=json"], label=f"carmine --ic={ic}"))
    res = ctx.run("shared_module", cells)
    rows, data = [], []
    for n in ns:
        for ic in IC_SIZES:
            s = res[("carmine", n, ic)]
            site = parse.site_summary(s["stats"], "_read_attribute", "shared_module.rb")
            d = {"classes": int(n), "ic": ic, "median_s": s["median_s"], "status": s["status"],
                 "output": s["output"], "site_hit_rate": site["hit_rate"], "site_hits": site["hits"],
                 "site_misses": site["misses"], "site_state": site["state"],
                 "site_classes": site["classes"], "ic_hit_rate": parse.ic_hit_rate(s["stats"]),
                 "rss_kb": s["median_rss_kb"]}
            data.append(d)
            rows.append([n, f"carmine --ic={ic}", _cellfmt(d["site_hit_rate"], svg.fmt_pct), d["site_state"] or "",
                         _cellfmt(d["site_misses"], svg.fmt_count), _cellfmt(d["ic_hit_rate"], svg.fmt_pct),
                         _time(s), s["output"]])
        for key in ("ruby", "ruby-yjit"):
            s = res.get((key, n))
            if s is not None:
                rows.append([n, ctx.runtime(key).label, "", "", "", "", _time(s), s["output"]])
    nodata = _nodata(ctx)

    def series(field):
        return [{"name": f"--ic={ic}", "values": [next(d[field] for d in data if d["ic"] == ic and
                                                       d["classes"] == int(n)) for n in ns]}
                for ic in IC_SIZES]

    site_series = series("site_hit_rate")
    time_series = series("median_s")
    for key in ("ruby", "ruby-yjit"):
        if any((key, n) in res for n in ns):
            time_series.append({"name": ctx.runtime(key).label, "dashed": True,
                                "values": [res[(key, n)]["median_s"] if (key, n) in res else None for n in ns]})
    has_site = any(v is not None for s in site_series for v in s["values"])
    has_ic = any(d["ic_hit_rate"] is not None for d in data)
    fig = svg.figure("Shared-module call site: monomorphic vs polymorphic inline caches", [
        svg.LinePanel("hit rate of the shared call site", ns, site_series, x_title="classes including the module (N)",
                      y_title="inline cache hit rate", y_format=svg.fmt_pct, y_max=1.0,
                      note=None if has_site else nodata),
        svg.LinePanel("all inline caches", ns, series("ic_hit_rate"), x_title="classes including the module (N)",
                      y_title="inline cache hit rate", y_format=svg.fmt_pct, y_max=1.0,
                      note=None if has_ic else nodata),
        svg.LinePanel("run time", ns, time_series, x_title="classes including the module (N)",
                      y_title="wall time (median)", y_format=svg.fmt_seconds),
    ], columns=3, subtitle=f"shared_module.rb {size} N: AttributeRead#read_attribute calls _read_attribute "
                           f"on instances of N classes, round-robin (seed 002)")
    return _section("shared_module", "2. Shared-module call site",
                    "shared_module.rb with N = 1..16 including classes, under carmine --ic=1,2,4,8 "
                    "(seed 002). Site hit rate is for the call_sites entry calling _read_attribute.",
                    ["N", "runtime", "site hit rate", "site state", "site misses", "all IC hit rate",
                     "time", "output"], rows, fig, [_carmine_note(ctx)], {"size": size, "points": data})


# ---------------------------------------------------------- 3. invalidation

def _strategy_rows(d):
    return [_cellfmt(d["ic_misses"], svg.fmt_count), _cellfmt(d["gmc_misses"], svg.fmt_count),
            _cellfmt(d["invalidations"], svg.fmt_count), _cellfmt(d["invalidation_time_ms"], svg.fmt_ms)]


def _strategy_point(s, **extra):
    st = s["stats"]
    d = dict(extra)
    d.update({"median_s": s["median_s"], "status": s["status"], "output": s["output"],
              "ic_misses": parse.number(st, "ic_misses"), "gmc_misses": parse.number(st, "gmc_misses"),
              "invalidations": parse.number(st, "invalidations"),
              "invalidation_time_ms": _ms(parse.number(st, "invalidation_time_ns")),
              "miss_time_ms": _ms(parse.number(st, "miss_time_ns")), "rss_kb": s["median_rss_kb"]})
    return d


def _misses(d):
    a, b = d["ic_misses"], d["gmc_misses"]
    return None if a is None and b is None else (a or 0) + (b or 0)


def _strategy_panels(points, xs, xkey, ref, x_title, nodata):
    """Three panels (misses, invalidation time, run time) over xs, one line
    per strategy, CRuby's time as a dashed reference."""
    def values(strategy, fn):
        out = []
        for x in xs:
            d = next((p for p in points if p["strategy"] == strategy and p[xkey] == x), None)
            out.append(fn(d) if d else None)
        return out

    misses = [{"name": s, "values": values(s, _misses)} for s in STRATEGIES]
    inv = [{"name": s, "values": values(s, lambda d: d["invalidation_time_ms"])} for s in STRATEGIES]
    times = [{"name": s, "values": values(s, lambda d: d["median_s"])} for s in STRATEGIES]
    times.append({"name": "ruby (reference)", "dashed": True, "values": [ref.get(x) for x in xs]})

    def empty(series):
        return None if any(v is not None for s in series for v in s["values"]) else nodata
    return [
        svg.LinePanel("misses (inline + global)", xs, misses, x_title=x_title, y_title="misses",
                      note=empty(misses), width=400, height=280),
        svg.LinePanel("invalidation time", xs, inv, x_title=x_title, y_title="ms", y_format=svg.fmt_count,
                      note=empty(inv), width=400, height=280),
        svg.LinePanel("run time", xs, times, x_title=x_title, y_title="wall time (median)",
                      y_format=svg.fmt_seconds, width=400, height=280),
    ]


def invalidation(ctx):
    """An invalidating operation every K calls, per --invalidation strategy (seeds 001, 003)."""
    prog = ctx.programs["invalidation"]
    size = ctx.size(prog)
    ks = prog.params
    ruby = ctx.runtime("ruby")
    cells = []
    for op in INVALIDATION_OPS:
        for k in ks:
            cells.append(ctx.cell(("ruby", op, k), ruby, prog, [size, k, op]))
            for strat in STRATEGIES:
                cells.append(ctx.cell(("carmine", op, k, strat), ctx.carmine, prog, [size, k, op],
                                      [f"--invalidation={strat}", "--stats=json"],
                                      label=f"carmine --invalidation={strat}"))
    res = ctx.run("invalidation", cells)
    rows, data, panels = [], [], []
    nodata = _nodata(ctx)
    for op in INVALIDATION_OPS:
        op_points = []
        for k in ks:
            for strat in STRATEGIES:
                s = res[("carmine", op, k, strat)]
                d = _strategy_point(s, op=op, k=k, strategy=strat)
                op_points.append(d)
                rows.append([op, k, strat] + _strategy_rows(d) + [_time(s), s["output"]])
            s = res[("ruby", op, k)]
            rows.append([op, k, "ruby"] + [""] * 4 + [_time(s), s["output"]])
        data.extend(op_points)
        ref = {k: res[("ruby", op, k)]["median_s"] for k in ks}
        for p in _strategy_panels(op_points, ks, "k", ref, f"op={op}: one invalidation every K calls", nodata):
            p.title = f"{op}: {p.title}"
            panels.append(p)
    fig = svg.figure("Invalidation frequency per strategy", panels, columns=3,
                     subtitle=f"invalidation.rb {size} K OP under carmine --invalidation=global|hierarchical|method "
                              f"(seeds 001, 003); rows: base, unrelated, same, ostruct")
    return _section("invalidation", "3a. Invalidation frequency",
                    "invalidation.rb: calls on four subclasses of Base with an invalidating operation every "
                    "K calls, for each --invalidation strategy (seeds 001, 003). Ops: base = redefine an "
                    "uncalled method on the called classes' superclass; unrelated = redefine a method of an "
                    "unrelated class; same = redefine a method every call uses; ostruct = OpenStruct.new(m: 1).",
                    ["op", "K", "strategy", "IC misses", "GMC misses", "invalidations", "invalidation time",
                     "time", "output"], rows, fig, [_carmine_note(ctx)], {"size": size, "points": data})


def descendants(ctx):
    """Modifying a class with D descendants, per --invalidation strategy (seed 001)."""
    prog = ctx.programs["descendants"]
    args = prog.args(ctx.opts.quick)
    size, k = args[0], (args[2] if len(args) > 2 else "100")
    ds = prog.params
    ruby = ctx.runtime("ruby")
    cells = []
    for dn in ds:
        cells.append(ctx.cell(("ruby", dn), ruby, prog, [size, dn, k]))
        for strat in STRATEGIES:
            cells.append(ctx.cell(("carmine", dn, strat), ctx.carmine, prog, [size, dn, k],
                                  [f"--invalidation={strat}", "--stats=json"],
                                  label=f"carmine --invalidation={strat}"))
    res = ctx.run("descendants", cells)
    rows, data = [], []
    for dn in ds:
        for strat in STRATEGIES:
            s = res[("carmine", dn, strat)]
            d = _strategy_point(s, descendants=dn, strategy=strat)
            data.append(d)
            rows.append([dn, strat] + _strategy_rows(d) + [_time(s), s["output"]])
        s = res[("ruby", dn)]
        rows.append([dn, "ruby"] + [""] * 4 + [_time(s), s["output"]])
    nodata = _nodata(ctx)
    ref = {dn: res[("ruby", dn)]["median_s"] for dn in ds}
    fig = svg.figure("Modifying a class with many descendants",
                     _strategy_panels(data, ds, "descendants", ref, "descendants of the modified class (D)", nodata),
                     columns=3, subtitle=f"descendants.rb {size} D {k}: Root#poke redefined every {k} calls")
    return _section("descendants", "3b. A class with many descendants being modified",
                    f"descendants.rb: Root has D descendant classes; a method is redefined on Root every {k} "
                    "calls. Hierarchical invalidation renews every descendant's serial, global bumps one number.",
                    ["D", "strategy", "IC misses", "GMC misses", "invalidations", "invalidation time",
                     "time", "output"], rows, fig, [_carmine_note(ctx)], {"size": size, "k": k, "points": data})


# ---------------------------------------------------------------- 4. threads

def threads(ctx):
    """Benchmarked vs invalidating threads: 1/1, 1/10, 10/1, 10/10 (seed 003)."""
    prog = ctx.programs["threads"]
    size = ctx.size(prog)
    shapes = prog.params
    configs = [("ruby", ctx.runtime("ruby"), [], "ruby")]
    supported = has_feature(ctx.carmine, "threads", THREADS_PROBE)
    for strat in STRATEGIES:
        configs.append((f"carmine-{strat}", ctx.carmine, [f"--invalidation={strat}", "--stats=json"],
                        f"carmine --invalidation={strat}"))
    cells = []
    for shape in shapes:
        for inval in ("on", "off"):
            for key, rt, flags, label in configs:
                c = ctx.cell((key, shape, inval), rt, prog, [size, shape, inval], flags, label=label)
                if rt is ctx.carmine and rt.available and not supported:
                    c.skipped = "not yet supported (carmine cannot run Thread + OpenStruct yet)"
                cells.append(c)
    res = ctx.run("threads", cells)
    rows, data = [], []
    for shape in shapes:
        for key, rt, flags, label in configs:
            on, off = res[(key, shape, "on")], res[(key, shape, "off")]
            d = {"shape": shape, "runtime": key}
            for tag, s in (("on", on), ("off", off)):
                d[f"{tag}_s"] = s["median_s"]
                d[f"{tag}_cpu_s"] = s["metrics"].get("bench_cpu_s")
                d[f"{tag}_bench_wall_s"] = s["metrics"].get("bench_wall_s")
                d[f"{tag}_status"] = s["status"]
                d[f"{tag}_output"] = s["output"]
                d[f"{tag}_note"] = s["note"]
                st = s["stats"]
                d[f"{tag}_misses"] = _misses({"ic_misses": parse.number(st, "ic_misses"),
                                              "gmc_misses": parse.number(st, "gmc_misses")})
                d[f"{tag}_invalidations"] = parse.number(st, "invalidations")
            d["cpu_slowdown"] = (d["on_cpu_s"] / d["off_cpu_s"]) if d["on_cpu_s"] and d["off_cpu_s"] else None
            data.append(d)
            skipped = on["status"] == "skipped" and "not yet supported" in (on["note"] or "")
            rows.append([shape, label,
                         "not yet supported" if skipped else _cellfmt(d["on_cpu_s"], svg.fmt_seconds),
                         _cellfmt(d["off_cpu_s"], svg.fmt_seconds),
                         _cellfmt(d["cpu_slowdown"], lambda v: f"{(v - 1) * 100:+.0f}%"),
                         _cellfmt(d["on_bench_wall_s"], svg.fmt_seconds), _cellfmt(d["off_bench_wall_s"], svg.fmt_seconds),
                         _cellfmt(d["on_misses"], svg.fmt_count), _cellfmt(d["off_misses"], svg.fmt_count),
                         _time(on), _time(off), on["output"] or off["output"]])
    series_cpu, series_slow = [], []
    for ci, (key, rt, flags, label) in enumerate(configs):
        pts = [next(d for d in data if d["shape"] == sh and d["runtime"] == key) for sh in shapes]
        color = svg.PALETTE[ci % len(svg.PALETTE)]
        series_cpu.append({"name": f"{label}, invalidating", "color": color,
                           "values": [p["on_cpu_s"] for p in pts]})
        series_cpu.append({"name": f"{label}, not", "color": color, "light": True,
                           "values": [p["off_cpu_s"] for p in pts]})
        series_slow.append({"name": label, "color": color, "values": [p["cpu_slowdown"] for p in pts]})
    note = None
    if ctx.carmine.available and not supported:
        note = "carmine: not yet supported"
    elif not ctx.carmine.available:
        note = "carmine binary missing"
    fig = svg.figure("Benchmarked vs invalidating threads", [
        svg.HBarPanel("benchmarked threads' CPU time", [f"{s} (bench/inval)" for s in shapes], series_cpu,
                      scale="linear", x_title="CPU seconds of the benchmarked threads (median)",
                      x_format=svg.fmt_seconds, note=note, width=620),
        svg.HBarPanel("slowdown from invalidating threads", [f"{s} (bench/inval)" for s in shapes], series_slow,
                      scale="log", x_title="CPU time invalidating / not invalidating", note=note, width=620),
    ], columns=2, subtitle=f"threads.rb {size} B/I on|off: OpenStruct.new(m: 1) in the invalidating threads (seed 003)")
    notes = [_carmine_note(ctx)]
    if ctx.carmine.available and not supported:
        notes.append("carmine: threads experiment not yet supported (the probe `Thread.new { 1 }.value` "
                     "with `require \"ostruct\"` failed)")
    return _section("threads", "4. Benchmarked vs invalidating threads",
                    "threads.rb: B benchmarked threads making calls, I threads creating OpenStructs "
                    "(invalidating) or plain objects (not) (seed 003). CPU = the benchmarked threads' own CPU "
                    "time (bench-metric bench_cpu_s), bench wall = their start-to-finish time.",
                    ["B/I", "runtime", "CPU (inval.)", "CPU (not)", "slowdown", "bench wall (inval.)",
                     "bench wall (not)", "misses (inval.)", "misses (not)", "process (inval.)",
                     "process (not)", "output"],
                    rows, fig, notes, {"size": size, "points": data, "carmine_threads": supported})


# -------------------------------------------------------------------- 5. jit

def jit(ctx):
    """Small numeric methods (multiply) under every interpreter and JIT (seed 004)."""
    prog = ctx.programs["multiply"]
    size = ctx.size(prog)
    variants = prog.variants or ["float"]
    jit_rt = carmine_variant(ctx.carmine, "carmine-jit", "carmine --jit", ["--jit"])
    rts = [ctx.runtime(k) for k in ("ruby", "ruby-yjit", "ruby-mjit")] + [ctx.carmine, jit_rt]
    rts = [rt for rt in rts if rt is not None]
    cells = []
    for v in variants:
        for rt in rts:
            cells.append(ctx.cell((rt.key, v), rt, prog, [size, v]))
    res = ctx.run("jit", cells)
    rows, data = [], []
    for v in variants:
        base = res.get(("ruby", v), {}).get("median_s")
        for rt in rts:
            s = res[(rt.key, v)]
            r = s["median_s"] / base if s["median_s"] and base else None
            data.append({"variant": v, "runtime": rt.key, "median_s": s["median_s"], "ratio": r,
                         "status": s["status"], "note": s["note"], "output": s["output"],
                         "rss_kb": s["median_rss_kb"]})
            rows.append([v, rt.label, _time(s) or (s["note"] or ""), _cellfmt(r, svg.fmt_ratio),
                         _cellfmt(s["median_rss_kb"], lambda kb: f"{kb / 1024:.0f} MB"), s["output"]])
    series = [{"name": rt.label, "values": [res[(rt.key, v)]["median_s"] for v in variants],
               "na": "skipped" if not rt.available else "failed"} for rt in rts]
    fig = svg.figure("Small numeric methods in a hot loop", [
        svg.HBarPanel("multiply(a, b) = a * b", variants, series, scale="linear",
                      x_title="wall time (median)", x_format=svg.fmt_seconds, width=700),
    ], columns=1, subtitle=f"multiply.rb {size} VARIANT: {size} calls per run (seed 004)")
    notes = [f"{rt.label}: {rt.note}" for rt in rts if not rt.available and rt.note]
    return _section("jit", "5. Small numeric methods in a hot loop",
                    "multiply.rb: `def multiply(a, b) a * b end` in a hot loop (seed 004), Float and Integer, "
                    "two and three factors, under every interpreter and JIT found.",
                    ["variant", "runtime", "time", "vs ruby", "RSS", "output"], rows, fig, notes,
                    {"size": size, "points": data})


EXPERIMENTS = {
    "gmc": gmc,
    "shared_module": shared_module,
    "invalidation": invalidation,
    "descendants": descendants,
    "threads": threads,
    "jit": jit,
}
