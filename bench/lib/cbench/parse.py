"""Reading what a benchmark process printed besides its checksum.

- carmine's dispatch statistics: with --stats=json carmine writes, at exit,
  ONE stderr line `{"carmine_stats": {...}}`.  Every key may be missing or
  of the wrong type (carmine grows them over time): accessors return None
  and the report shows a blank cell.
- `bench-metric: name=value` lines a program writes to stderr (threads.rb).
- yjit-bench harness output: `itr #N: Xms`, `Average of N non-warmup iters:
  Xms`, and the RUBY_DESCRIPTION line it starts with.
"""

import json
import re

STATS_KEYS = ("gmc_size", "gmc_hits", "gmc_misses", "gmc_collisions", "ic_hits",
              "ic_misses", "invalidations", "invalidation_time_ns", "miss_time_ns")


def carmine_stats(stderr):
    """The dict inside the last `{"carmine_stats": ...}` line, or None."""
    for line in reversed(stderr.splitlines()):
        line = line.strip()
        if not line.startswith('{"carmine_stats"'):
            continue
        try:
            doc = json.loads(line)
        except ValueError:
            continue
        stats = doc.get("carmine_stats") if isinstance(doc, dict) else None
        if isinstance(stats, dict):
            return stats
    return None


def number(stats, key):
    """stats[key] as a number, or None when absent or not a number."""
    if not isinstance(stats, dict):
        return None
    v = stats.get(key)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return v


def rate(hits, misses):
    """hits / (hits + misses), or None when either is unknown or both are 0."""
    if hits is None or misses is None or hits + misses <= 0:
        return None
    return hits / (hits + misses)


def gmc_hit_rate(stats):
    return rate(number(stats, "gmc_hits"), number(stats, "gmc_misses"))


def ic_hit_rate(stats):
    return rate(number(stats, "ic_hits"), number(stats, "ic_misses"))


def call_sites(stats, method=None, file=None):
    """The well-formed call_sites entries, optionally only those calling
    `method` (exact name, or ending in '#name' / '.name') from `file`."""
    sites = stats.get("call_sites") if isinstance(stats, dict) else None
    if not isinstance(sites, list):
        return []
    out = []
    for s in sites:
        if not isinstance(s, dict):
            continue
        m = s.get("method")
        if method is not None:
            if not isinstance(m, str) or not (m == method or m.endswith("#" + method)
                                               or m.endswith("." + method)):
                continue
        if file is not None:
            loc = s.get("location")
            if not isinstance(loc, str) or file not in loc:
                continue
        out.append(s)
    return out


def site_summary(stats, method, file=None):
    """Hits, misses, hit rate, states and classes over the call sites
    calling `method` (all None when there is no such site)."""
    sites = call_sites(stats, method, file)
    if not sites:
        return {"hits": None, "misses": None, "hit_rate": None, "state": None, "classes": None}
    hits = [number(s, "hits") for s in sites]
    misses = [number(s, "misses") for s in sites]
    h = None if None in hits else sum(hits)
    m = None if None in misses else sum(misses)
    states = sorted({s.get("state") for s in sites if isinstance(s.get("state"), str)})
    classes = [number(s, "classes") for s in sites]
    return {
        "hits": h,
        "misses": m,
        "hit_rate": rate(h, m),
        "state": "/".join(states) or None,
        "classes": None if None in classes else max(classes),
    }


_METRIC = re.compile(r"^bench-metric:\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(\S+)\s*$")


def metrics(stderr):
    """{name: float} from `bench-metric: name=value` lines."""
    out = {}
    for line in stderr.splitlines():
        m = _METRIC.match(line.strip())
        if m:
            try:
                out[m.group(1)] = float(m.group(2))
            except ValueError:
                pass
    return out


_ITR = re.compile(r"^itr #(\d+): (\d+(?:\.\d+)?)ms\s*$")
_AVERAGE = re.compile(r"^Average of (\d+) non-warmup iters: (\d+(?:\.\d+)?)ms\s*$")


def harness_times(stdout):
    """(per-iteration ms list, (n, average ms) or None) from harness output."""
    itrs = []
    average = None
    for line in stdout.splitlines():
        m = _ITR.match(line)
        if m:
            itrs.append(float(m.group(2)))
            continue
        m = _AVERAGE.match(line)
        if m:
            average = (int(m.group(1)), float(m.group(2)))
    return itrs, average


def strip_harness(stdout):
    """The program's own output: harness lines and the RUBY_DESCRIPTION
    line the harness prints first are removed (they differ between runs
    and between runtimes)."""
    lines = stdout.splitlines(keepends=True)
    if lines:
        lines = lines[1:]
    return "".join(l for l in lines
                   if not _ITR.match(l.rstrip("\n")) and not _AVERAGE.match(l.rstrip("\n")))
