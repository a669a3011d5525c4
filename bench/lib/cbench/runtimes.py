"""The runtimes a benchmark runs under: carmine and every CRuby found.

CRuby is probed in three modes (interpreter, --yjit, --mjit); a mode whose
flag is refused, or accepted but left off (Debian's ruby 3.1 accepts --mjit
but cannot find its MJIT header), is kept with available=False and a note
saying why, so the report can show it as skipped.
"""

import glob
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Runtime:
    key: str  # stable id used in JSON and --runtimes: ruby, ruby-yjit, carmine...
    label: str  # what the table shows: "ruby --yjit"
    argv: list  # command prefix, e.g. ["/usr/bin/ruby", "--yjit"]
    is_carmine: bool = False
    available: bool = True
    note: str = ""
    version: str = ""
    baseline: bool = False  # the CRuby interpreter every ratio is taken against
    features: dict = field(default_factory=dict)

    def command(self, flags, program_path, args):
        return list(self.argv) + list(flags) + [str(program_path)] + [str(a) for a in args]


def _probe(argv, code, timeout=30):
    """Runs argv -e code; returns (returncode, stdout, stderr)."""
    try:
        p = subprocess.run(argv + ["-e", code], capture_output=True, text=True,
                           timeout=timeout, stdin=subprocess.DEVNULL, env=clean_env())
        return p.returncode, p.stdout, p.stderr
    except (OSError, subprocess.TimeoutExpired) as e:
        return -1, "", str(e)


def _first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


# Environment variables that change what a runtime does; the runner removes
# them so the flags it passes are the whole configuration (see README).
_CLEARED_PREFIXES = ("CARMINE_", "BENCH_")
_CLEARED = {"RUBYOPT", "RUBY_GLOBAL_METHOD_CACHE_SIZE", "RUBY_YJIT_ENABLE", "RUBYLIB"}


def clean_env(extra=None, keep=False):
    env = dict(os.environ)
    if not keep:
        for k in list(env):
            if k in _CLEARED or k.startswith(_CLEARED_PREFIXES):
                del env[k]
    if extra:
        env.update(extra)
    return env


def ruby_candidates():
    """Distinct CRuby executables: `ruby` on PATH first, then $BENCH_RUBIES
    (colon-separated paths) and the usual version-manager locations."""
    found = []
    first = shutil.which("ruby")
    if first:
        found.append(first)
    for p in os.environ.get("BENCH_RUBIES", "").split(":"):
        if p:
            found.append(p)
    home = os.path.expanduser("~")
    for pattern in (home + "/.rubies/*/bin/ruby", home + "/.rbenv/versions/*/bin/ruby",
                    home + "/.rvm/rubies/*/bin/ruby", "/opt/rubies/*/bin/ruby"):
        found.extend(sorted(glob.glob(pattern)))
    out = []
    seen = set()
    for p in found:
        if not (os.path.isfile(p) and os.access(p, os.X_OK)):
            continue
        real = os.path.realpath(p)
        if real not in seen:
            seen.add(real)
            out.append(p)
    return out


_YJIT_PROBE = 'print((defined?(RubyVM::YJIT) && RubyVM::YJIT.enabled?) ? "on" : "off")'
_MJIT_PROBE = 'print((defined?(RubyVM::MJIT) && RubyVM::MJIT.enabled?) ? "on" : "off")'


def probe_crubies():
    runtimes = []
    for index, exe in enumerate(ruby_candidates()):
        rc, out, err = _probe([exe], "print RUBY_DESCRIPTION")
        if rc != 0:
            continue
        version = out.strip()
        short = version.split()[1].split("p")[0] if len(version.split()) > 1 else str(index)
        prefix = "ruby" if index == 0 else f"ruby-{short}"
        label = "ruby" if index == 0 else f"ruby {short}"
        runtimes.append(Runtime(prefix, label, [exe], version=version, baseline=(index == 0)))
        for mode, probe in (("yjit", _YJIT_PROBE), ("mjit", _MJIT_PROBE)):
            rt = Runtime(f"{prefix}-{mode}", f"{label} --{mode}", [exe, f"--{mode}"], version=version)
            rc, out, err = _probe(rt.argv, probe)
            if rc != 0:
                rt.available = False
                rt.note = f"refuses --{mode}: {_first_line(err) or 'exit ' + str(rc)}"
            elif out.strip() != "on":
                rt.available = False
                why = _first_line(err)
                if not why and mode == "mjit":
                    # MJIT explains itself only when asked to be verbose
                    why = _first_line(_probe(rt.argv + ["--mjit-verbose=1"], probe)[2])
                rt.note = f"accepts --{mode} but it stays off" + (f" ({why})" if why else "")
            runtimes.append(rt)
    return runtimes


def default_carmine_path(repo_root):
    env = os.environ.get("CARMINE")
    if env:
        return Path(env)
    return Path(repo_root) / "target" / "release" / "carmine"


def probe_carmine(path, key="carmine", label="carmine", build="cargo build --release, or set CARMINE"):
    path = Path(path)
    rt = Runtime(key, label, [str(path)], is_carmine=True)
    if not path.exists():
        rt.available = False
        rt.note = f"binary not found: {path} ({build})"
        return rt
    if not os.access(path, os.X_OK):
        rt.available = False
        rt.note = f"not executable: {path}"
        return rt
    rc, out, err = _probe_flag(rt.argv, "--version")
    rt.version = _first_line(out) if rc == 0 else ""
    return rt


def _probe_flag(argv, flag, timeout=30):
    try:
        p = subprocess.run(argv + [flag], capture_output=True, text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL, env=clean_env())
        return p.returncode, p.stdout, p.stderr
    except (OSError, subprocess.TimeoutExpired) as e:
        return -1, "", str(e)


def carmine_variant(base, key, label, flags, probe_code='print "ok"'):
    """carmine with extra flags (e.g. --jit), available only if it runs a
    trivial program with them."""
    rt = Runtime(key, label, list(base.argv) + list(flags), is_carmine=True,
                 available=base.available, note=base.note, version=base.version)
    if rt.available:
        rc, out, err = _probe(rt.argv, probe_code)
        if rc != 0 or out.strip() != "ok":
            rt.available = False
            rt.note = f"refuses {' '.join(flags)}: {_first_line(err) or 'exit ' + str(rc)}"
    return rt


def has_feature(rt, name, code, expect="ok"):
    """Probes (once per runtime) whether a runtime can run `code` printing
    `expect`: used to mark experiments 'not yet supported' on carmine."""
    if name not in rt.features:
        if not rt.available:
            rt.features[name] = False
        else:
            rc, out, err = _probe(rt.argv, code)
            rt.features[name] = rc == 0 and out.strip() == expect
    return rt.features[name]
