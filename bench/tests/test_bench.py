"""Tests for bench/run's machinery (not timings).

    python3 -m unittest discover -s bench/tests -v

Fast unit tests for parsing, charts and the check logic, plus one small
end-to-end run through bench/run with tests/fake_carmine standing in for
carmine (CRuby must be installed for that one).
"""

import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent
sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, str(BENCH / "lib"))

from cbench import check, parse, programs, svg  # noqa: E402
from cbench.runtimes import Runtime  # noqa: E402

FAKE = str(BENCH / "tests" / "fake_carmine")
HAVE_RUBY = shutil.which("ruby") is not None

STATS_LINE = json.dumps({"carmine_stats": {
    "gmc_size": 2048, "gmc_hits": 900, "gmc_misses": 100, "gmc_collisions": 7,
    "ic_hits": 750, "ic_misses": 250, "invalidations": 3, "invalidation_time_ns": 1500,
    "miss_time_ns": 2_000_000,
    "call_sites": [
        {"location": "bench/experiments/shared_module.rb:17", "method": "_read_attribute",
         "state": "poly", "classes": 4, "hits": 90, "misses": 10},
        {"location": "other.rb:3", "method": "AttributeRead#_read_attribute", "state": "mega",
         "classes": 16, "hits": 10, "misses": 90},
        {"location": "x.rb:1", "method": "each", "state": "mono", "classes": 1, "hits": 5, "misses": 1},
        "not a dict",
        {"method": 42},
    ],
}})


class StatsParsing(unittest.TestCase):
    def test_finds_the_line_among_other_stderr(self):
        stderr = "warning: something\n" + STATS_LINE + "\nbench-metric: bench_cpu_s=0.5\n"
        stats = parse.carmine_stats(stderr)
        self.assertEqual(stats["gmc_hits"], 900)
        self.assertAlmostEqual(parse.gmc_hit_rate(stats), 0.9)
        self.assertAlmostEqual(parse.ic_hit_rate(stats), 0.75)

    def test_last_line_wins_and_garbage_is_ignored(self):
        newer = json.dumps({"carmine_stats": {"gmc_hits": 1, "gmc_misses": 1}})
        stderr = STATS_LINE + "\n" + newer + "\n" + '{"carmine_stats": {broken\n'
        self.assertAlmostEqual(parse.gmc_hit_rate(parse.carmine_stats(stderr)), 0.5)

    def test_missing_or_wrong_keys_give_none(self):
        stats = parse.carmine_stats('{"carmine_stats": {"gmc_hits": "many", "ic_hits": true}}')
        self.assertIsNone(parse.number(stats, "gmc_hits"))
        self.assertIsNone(parse.number(stats, "ic_hits"))
        self.assertIsNone(parse.gmc_hit_rate(stats))
        self.assertIsNone(parse.ic_hit_rate({}))
        self.assertIsNone(parse.carmine_stats("no stats here"))
        self.assertIsNone(parse.carmine_stats('{"carmine_stats": [1, 2]}'))
        self.assertIsNone(parse.number(None, "gmc_hits"))
        self.assertEqual(parse.call_sites({"call_sites": "nope"}), [])
        self.assertIsNone(parse.rate(0, 0))

    def test_call_site_summary(self):
        stats = parse.carmine_stats(STATS_LINE)
        s = parse.site_summary(stats, "_read_attribute", "shared_module.rb")
        self.assertEqual((s["hits"], s["misses"], s["state"], s["classes"]), (90, 10, "poly", 4))
        both = parse.site_summary(stats, "_read_attribute")
        self.assertEqual((both["hits"], both["misses"], both["state"]), (100, 100, "mega/poly"))
        self.assertIsNone(parse.site_summary(stats, "nothing")["hit_rate"])

    def test_metrics_and_harness_output(self):
        self.assertEqual(parse.metrics("bench-metric: bench_cpu_s=0.25\nbench-metric: x=oops\n"),
                         {"bench_cpu_s": 0.25})
        out = "ruby 3.1.2p20 (...)\nitr #1: 12ms\nitr #2: 10ms\nAverage of 1 non-warmup iters: 10ms\nsum = 3\n"
        self.assertEqual(parse.harness_times(out), ([12.0, 10.0], (1, 10.0)))
        self.assertEqual(parse.strip_harness(out), "sum = 3\n")


class Charts(unittest.TestCase):
    def parse_svg(self, text):
        root = ET.fromstring(text)
        self.assertTrue(root.tag.endswith("svg"))
        return root

    def test_every_panel_kind_is_well_formed(self):
        fig = svg.figure("A <title> & more", [
            svg.HBarPanel("ratios", ["fib", "a&b"], [{"name": "x<y", "values": [0.5, None]},
                                                     {"name": "z", "values": [3.0, 1.2], "light": True}]),
            svg.HBarPanel("times", ["r"], [{"name": "t", "values": [0.25]}], scale="linear",
                          x_format=svg.fmt_seconds),
            svg.LinePanel("line", ["2K", "16K", "32K"], [{"name": "c", "values": [0.9, None, 0.97]},
                                                        {"name": "ref", "values": [0.8] * 3, "dashed": True}],
                          y_format=svg.fmt_pct, y_zero=False),
            svg.LinePanel("empty", ["1"], [{"name": "c", "values": [None]}], note="no data\nsecond line"),
            svg.HBarPanel("empty bars", ["r"], []),
            svg.NotePanel("threads", "not yet supported"),
        ], columns=2, subtitle="sub & title")
        self.parse_svg(fig)

    def test_single_point_and_constant_values(self):
        self.parse_svg(svg.figure("t", [svg.LinePanel("one", ["x"], [{"name": "s", "values": [5]}])]))
        self.parse_svg(svg.figure("t", [svg.LinePanel("flat", ["a", "b"], [{"name": "s", "values": [0, 0]}])]))

    def test_formatting(self):
        self.assertEqual(svg.fmt_seconds(1.234), "1.23 s")
        self.assertEqual(svg.fmt_seconds(0.0123), "12 ms")
        self.assertEqual(svg.fmt_seconds(0), "0")
        self.assertEqual(svg.fmt_pct(0.9577), "95.8%")
        self.assertEqual(svg.fmt_count(1_114_933), "1.1M")
        self.assertEqual(svg.fmt_ratio(0.5), "0.50×")
        self.assertEqual(svg.log_ticks(0.2, 5), [0.2, 0.5, 1, 2, 5])
        self.assertEqual(svg.linear_ticks(0, 9.5)[-1], 10)


class Programs(unittest.TestCase):
    def test_every_program_has_sizes_and_expected_output(self):
        progs = programs.discover(BENCH)
        names = {p.name for p in progs}
        for required in ("fib", "tak", "method_calls", "nbody", "binary_trees", "nqueens", "fannkuch", "attr_access",
                         "respond_to", "method_missing", "define_method", "send", "enum_chain",
                         "string_build", "multiply", "gmc", "shared_module", "invalidation",
                         "descendants", "threads"):
            self.assertIn(required, names)
        for p in progs:
            if p.kind != "harness":
                self.assertTrue(p.normal_args and p.quick_args, p.name)
            self.assertTrue(check.expected_path(BENCH, p.name, False).exists(), p.name)
            self.assertTrue(p.description, p.name)

    def test_xfail_file_parses(self):
        with tempfile.TemporaryDirectory() as d:
            Path(d, "xfail.txt").write_text("# comment\n\nfib   # no recursion yet\ntak\n")
            self.assertEqual(check.read_xfail(d), {"fib": "no recursion yet", "tak": ""})


class CheckMode(unittest.TestCase):
    """check.check with a scripted 'runtime' on a temporary bench dir."""

    def setUp(self):
        self.dir = Path(tempfile.mkdtemp())
        (self.dir / "expected").mkdir()
        (self.dir / "benchmarks").mkdir()
        for name, out in (("good", "1\n"), ("bad", "2\n"), ("known", "3\n"), ("fixed", "4\n")):
            (self.dir / "benchmarks" / f"{name}.rb").write_text(
                f"# {name}: test.\n# bench-size: 1\n# bench-quick: 1\nputs {out.strip()}\n")
            (self.dir / "expected" / f"{name}.out").write_text(out)
        (self.dir / "expected" / "bad.out").write_text("999\n")
        (self.dir / "expected" / "known.out").write_text("999\n")
        (self.dir / "xfail.txt").write_text("known  # not yet\nfixed # was broken\n")

    def tearDown(self):
        shutil.rmtree(self.dir)

    @unittest.skipUnless(HAVE_RUBY, "needs ruby")
    def test_summary_line_and_status(self):
        progs = programs.discover(self.dir)
        out = io.StringIO()
        rt = Runtime("ruby", "ruby", ["ruby"])
        status = check.check(progs, rt, self.dir, 60, out)
        lines = out.getvalue().splitlines()
        self.assertEqual(status, 1)
        self.assertEqual(lines[-1], "2 passed, 1 failed, 1 skipped")
        self.assertTrue(any(l.startswith("FAIL   bad") for l in lines))
        self.assertTrue(any(l.startswith("xfail  known") for l in lines))
        self.assertTrue(any(l.startswith("XPASS  fixed") for l in lines))

    def test_missing_binary_skips_everything(self):
        progs = programs.discover(self.dir)
        out = io.StringIO()
        rt = Runtime("carmine", "carmine", ["/nonexistent"], is_carmine=True, available=False,
                     note="binary not found")
        self.assertEqual(check.check(progs, rt, self.dir, 60, out), 0)
        self.assertEqual(out.getvalue().splitlines()[-1], "0 passed, 0 failed, 4 skipped")


@unittest.skipUnless(HAVE_RUBY, "needs ruby")
class EndToEnd(unittest.TestCase):
    """bench/run with the fake carmine: table, JSON, charts, checks."""

    def run_bench(self, *args, env=None):
        e = dict(os.environ, CARMINE=FAKE)
        e.update(env or {})
        return subprocess.run([sys.executable, str(BENCH / "run")] + list(args), capture_output=True,
                              text=True, env=e, timeout=600)

    def test_quick_run_with_a_sweep(self):
        with tempfile.TemporaryDirectory() as out:
            r = self.run_bench("--quick", "--repeat", "1", "--warmup", "0", "--runtimes", "ruby,carmine",
                               "--out", out, "fib", "itr_fib", "shared_module",
                               env={"FAKE_CARMINE_WRONG": "fib"})
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("[1/2 fib] carmine", r.stderr)  # progress names benchmark and runtime
            doc = json.loads(Path(out, "latest.json").read_text())
            rows = {row["name"]: row for row in doc["benchmarks"]["rows"]}
            self.assertTrue(rows["fib"]["runtimes"]["carmine"]["output"].startswith("differs"))
            self.assertEqual(rows["itr_fib"]["runtimes"]["carmine"]["output"], "ok")
            self.assertIsNotNone(rows["itr_fib"]["runtimes"]["ruby"]["itr_average_ms"])
            sm = doc["experiments"][0]
            point = next(p for p in sm["data"]["points"] if p["classes"] == 16 and p["ic"] == 1)
            self.assertEqual(point["site_state"], "mega")
            self.assertIsNotNone(point["site_hit_rate"])
            md = Path(out, "latest.md").read_text()
            self.assertIn("| fib |", md)
            self.assertIn("✗", md)
            for name in ("ratios.svg", "shared_module.svg"):
                ET.parse(Path(out, name))

    def test_check_with_fake_carmine(self):
        r = self.run_bench("--quick", "--check", "fib", "gmc")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(r.stdout.splitlines()[-1], "2 passed, 0 failed")

    def test_threads_not_yet_supported(self):
        with tempfile.TemporaryDirectory() as out:
            r = self.run_bench("--quick", "--repeat", "1", "--warmup", "0", "--out", out, "threads",
                               env={"FAKE_CARMINE_NO_THREADS": "1"})
            self.assertEqual(r.returncode, 0, r.stderr)
            md = Path(out, "latest.md").read_text()
            self.assertIn("not yet supported", md)
            ET.parse(Path(out, "threads.svg"))


if __name__ == "__main__":
    unittest.main()
