"""Running one benchmark process: wall time, peak RSS, exit status, output.

Peak RSS: a child forked from this (Python) process inherits Python's RSS
high-water mark across exec, so wait4() here would report max(Python's
peak, the program's peak).  So runs go through cbench-spawn (spawn.c), a
tiny C program that forks the benchmark and reports the benchmark's own
rusage; it is compiled with `cc` on first use into bench/results/tmp/.
Without a C compiler, we fall back to polling /proc/PID/status (VmHWM of
the exec'ed program) every few milliseconds, which can miss a final spike.

Output goes to temporary files (not pipes) so a chatty program cannot block
on a full pipe while we wait for it.
"""

import os
import resource
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

_SPAWN_SRC = Path(__file__).with_name("spawn.c")
_spawner = None  # path of the compiled helper, "" when unavailable


@dataclass
class RunResult:
    wall_s: float
    max_rss_kb: int
    exit_code: int  # negative: killed by that signal
    stdout: str
    stderr: str
    timed_out: bool = False
    user_s: float = 0.0
    sys_s: float = 0.0

    @property
    def ok(self):
        return self.exit_code == 0 and not self.timed_out

    def failure(self):
        """One line saying why the run failed ('' if it did not)."""
        if self.timed_out:
            return f"timed out after {self.wall_s:.0f}s"
        if self.exit_code == 0:
            return ""
        lines = [l for l in self.stderr.splitlines() if l.strip()]
        first = lines[0].strip() if lines else ""  # Ruby puts the error message first
        what = f"killed by signal {-self.exit_code}" if self.exit_code < 0 else f"exit {self.exit_code}"
        return f"{what}: {first[:200]}" if first else what


def spawner(tmp_dir):
    """The compiled cbench-spawn helper, building it if needed; '' if no C
    compiler is available."""
    global _spawner
    if _spawner is not None:
        return _spawner
    _spawner = ""
    if os.environ.get("CBENCH_NO_SPAWNER"):
        return _spawner
    exe = Path(tmp_dir) / "cbench-spawn"
    try:
        if exe.exists() and exe.stat().st_mtime >= _SPAWN_SRC.stat().st_mtime:
            _spawner = str(exe)
            return _spawner
        cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
        if not cc:
            return _spawner
        exe.parent.mkdir(parents=True, exist_ok=True)
        tmp = exe.with_name(f"cbench-spawn.{os.getpid()}")
        r = subprocess.run([cc, "-O2", "-o", str(tmp), str(_SPAWN_SRC)], capture_output=True, text=True)
        if r.returncode == 0:
            os.replace(tmp, exe)
            _spawner = str(exe)
    except OSError:
        pass
    return _spawner


def rss_method(tmp_dir=None):
    if spawner(tmp_dir or TMP_DIR or tempfile.gettempdir()):
        return "wait4() in the cbench-spawn helper"
    return "polling /proc/PID/status VmHWM (no C compiler for the helper)"


def _vm_hwm_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


TMP_DIR = None  # where the helper is built; bench/run sets bench/results/tmp


def _limit_vm(max_vm_kb):
    """A preexec_fn capping the address space (RLIMIT_AS) of the run."""
    def apply():
        limit = max_vm_kb * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return apply


def run_once(argv, env=None, cwd=None, timeout=300.0, tmp_dir=None, max_vm_kb=None):
    """Runs argv to completion (or `timeout`, then kills its session);
    `max_vm_kb` caps its address space, so a runaway allocation fails."""
    helper = spawner(tmp_dir or TMP_DIR or tempfile.gettempdir())
    with tempfile.NamedTemporaryFile(prefix="cbench-rusage.", delete=False) as rep:
        report = rep.name
    try:
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            cmd = ([helper, report] + list(argv)) if helper else list(argv)
            t0 = time.perf_counter()
            try:
                proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                        env=env, cwd=cwd, start_new_session=True,
                                        preexec_fn=_limit_vm(max_vm_kb) if max_vm_kb else None)
            except OSError as e:
                return RunResult(0.0, 0, 127, "", f"cannot start {argv[0]}: {e}")
            timed_out = threading.Event()
            done = threading.Event()
            peak = [0]

            def watch():
                # kill the whole session on timeout; without the helper, also
                # sample the program's VmHWM
                deadline = time.perf_counter() + timeout
                interval = 0.002
                while not done.is_set():
                    if time.perf_counter() > deadline:
                        timed_out.set()
                        try:
                            os.killpg(proc.pid, signal.SIGKILL)
                        except OSError:
                            pass
                        return
                    if not helper:
                        peak[0] = max(peak[0], _vm_hwm_kb(proc.pid))
                    done.wait(interval)
                    interval = min(interval * 1.5, 0.05 if helper else 0.01)

            watcher = threading.Thread(target=watch, daemon=True)
            watcher.start()
            while True:
                try:
                    _, status, usage = os.wait4(proc.pid, 0)
                    break
                except InterruptedError:
                    continue
            wall = time.perf_counter() - t0
            done.set()
            watcher.join()
            code = os.waitstatus_to_exitcode(status)
            proc.returncode = code  # reaped here; keep Popen from waiting again
            rss, user, sys_ = peak[0], usage.ru_utime, usage.ru_stime
            if helper:
                try:
                    fields = Path(report).read_text().split()
                    rss = int(fields[0])
                    user, sys_ = int(fields[1]) / 1e6, int(fields[2]) / 1e6
                    wall = int(fields[3]) / 1e9
                    code = os.waitstatus_to_exitcode(int(fields[4]))
                except (OSError, ValueError, IndexError):
                    rss = 0  # killed before reporting (timeout)
            out.seek(0)
            err.seek(0)
            return RunResult(
                wall_s=wall,
                max_rss_kb=rss,
                exit_code=code,
                stdout=out.read().decode("utf-8", "replace"),
                stderr=err.read().decode("utf-8", "replace"),
                timed_out=timed_out.is_set(),
                user_s=user,
                sys_s=sys_,
            )
    finally:
        try:
            os.unlink(report)
        except OSError:
            pass
