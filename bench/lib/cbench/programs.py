"""Benchmark programs: discovery and the metadata in their header comments.

A program is a Ruby file under bench/benchmarks (classic benchmarks),
bench/experiments (the sweeps' programs) or bench/yjit (programs written for
the yjit-bench harness); the ruby-bench benchmarks (kind "rubybench") are
described by rubybench.py.  Its header comments say how to run it:

    # name: one-line description            (first line)
    # bench-size: 2000000 8                 arguments for a normal run
    # bench-quick: 40000 8                  arguments for --quick / --check
    # bench-params: 1 2 4 8 16              the values a sweep varies
    # bench-variants: float int             variants a sweep compares

ARGV[0] is always the size; experiment parameters follow it.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

KIND_DIRS = (
    ("classic", "benchmarks"),
    ("experiment", "experiments"),
    ("harness", "yjit"),
)

# Environment for programs written for the yjit-bench harness, per mode.
HARNESS_ENV = {
    "normal": {"WARMUP_ITRS": "5", "MIN_BENCH_ITRS": "20", "MIN_BENCH_TIME": "0"},
    "quick": {"WARMUP_ITRS": "1", "MIN_BENCH_ITRS": "2", "MIN_BENCH_TIME": "0"},
}

_META = re.compile(r"^#\s*bench-(size|quick|params|variants):\s*(.*?)\s*$")


@dataclass
class Program:
    name: str
    path: Path
    kind: str  # classic | experiment | harness | rubybench
    description: str = ""
    normal_args: list = field(default_factory=list)
    quick_args: list = field(default_factory=list)
    params: list = field(default_factory=list)
    variants: list = field(default_factory=list)
    rubybench: object = None  # rubybench.Entry, for kind "rubybench"

    def args(self, quick):
        return list(self.quick_args if quick else self.normal_args)

    def env(self, quick):
        if self.kind == "rubybench":
            return {"RUBYBENCH_ITRS": str(self.rubybench.quick_itrs if quick else self.rubybench.itrs)}
        if self.kind != "harness":
            return {}
        return dict(HARNESS_ENV["quick" if quick else "normal"])


def parse_header(path):
    """Reads the leading comment block of a Ruby file into a Program."""
    meta = {}
    description = ""
    describing = True  # the description runs to the first line ending in "."
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.startswith("#"):
                break
            m = _META.match(line)
            if m:
                meta[m.group(1)] = m.group(2).split()
                describing = False
            elif describing:
                text = line.lstrip("#").strip()
                if not text:
                    describing = False
                    continue
                description = (description + " " + text).strip()
                if text.endswith("."):
                    describing = False
    name = path.stem
    if description.startswith(name + ":"):
        description = description[len(name) + 1:].strip()
    return name, description, meta


def discover(bench_dir):
    """All programs, in a stable order (kind, then name)."""
    programs = []
    seen = {}
    for kind, sub in KIND_DIRS:
        d = Path(bench_dir) / sub
        if not d.is_dir():
            continue
        for path in sorted(d.glob("*.rb")):
            name, description, meta = parse_header(path)
            if name in seen:
                raise SystemExit(f"bench: two programs named {name!r}: {seen[name]} and {path}")
            seen[name] = path
            normal = meta.get("size", [])
            programs.append(Program(
                name=name,
                path=path,
                kind=kind,
                description=description,
                normal_args=normal,
                quick_args=meta.get("quick", normal),
                params=meta.get("params", []),
                variants=meta.get("variants", []),
            ))
    return programs


def by_name(programs):
    return {p.name: p for p in programs}
