"""Tests for the ruby-bench part of bench/run: benchmarks.txt, the
fixed-work harness (bench/rubybench/harness.rb), result summaries, and
--record/--check on a small fake ruby-bench tree.

    python3 -m unittest discover -s bench/tests -v
"""

import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent
sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, str(BENCH / "lib"))

from cbench import check, programs, rubybench  # noqa: E402
from cbench.runtimes import Runtime  # noqa: E402

HAVE_RUBY = shutil.which("ruby") is not None
SUITE = rubybench.default_suite_dir(BENCH.parent)


class Config(unittest.TestCase):
    def test_parses_entries_options_and_notes(self):
        entries = rubybench.parse_config(
            "# comment\n\nfib  2 1\nclock 3 0 result=off stdout=off  # prints times\n")
        self.assertEqual([(e.name, e.itrs, e.quick_itrs) for e in entries], [("fib", 2, 1), ("clock", 3, 0)])
        self.assertEqual(entries[0].options, frozenset())
        self.assertEqual(entries[1].options, {"result=off", "stdout=off"})
        self.assertEqual(entries[1].note, "prints times")

    def test_address_space_option(self):
        big, plain = rubybench.parse_config("big 1 1 vm=12G\nplain 1 1\n")
        self.assertEqual((big.max_vm_gb, big.max_vm_kb, big.options), (12, 12 * 1024 * 1024, frozenset()))
        self.assertEqual(plain.max_vm_gb, rubybench.MAX_VM_GB)

    def test_rejects_malformed_lines(self):
        for text in ("fib 2\n", "fib 0 1\n", "fib two 1\n", "fib 1 1 digest=off\n", "fib 1 1\nfib 2 1\n",
                     "fib 1 1 vm=0G\n", "fib 1 1 vm=4\n"):
            with self.assertRaises(ValueError, msg=text):
                rubybench.parse_config(text)

    def test_the_real_list_parses_and_names_existing_benchmarks(self):
        entries = rubybench.parse_config((BENCH / "rubybench" / "benchmarks.txt").read_text())
        self.assertGreaterEqual(len(entries), 40)
        if SUITE.is_dir():
            for e in entries:
                self.assertIsNotNone(rubybench.benchmark_file(SUITE, e.name), e.name)

    @unittest.skipUnless(SUITE.is_dir(), "needs ../shared/suites/ruby-bench")
    def test_every_benchmark_has_a_recorded_result(self):
        progs, note = rubybench.discover(BENCH, SUITE)
        self.assertEqual(note, "")
        for p in progs:
            self.assertTrue(check.expected_path(BENCH, p.name, True).exists(), p.name)

    def test_xfail_names_are_known_benchmarks(self):
        known = {p.name for p in programs.discover(BENCH)}
        known |= {rubybench.PREFIX + e.name for e in
                  rubybench.parse_config((BENCH / "rubybench" / "benchmarks.txt").read_text())}
        for name, reason in check.read_xfail(BENCH).items():
            self.assertIn(name, known)
            self.assertTrue(reason, f"{name}: xfail.txt needs a reason")


class Results(unittest.TestCase):
    def test_parse_results(self):
        data = b"itr 1 2\n10\nitr 2 3\na\nb\n"
        self.assertEqual(rubybench.parse_results(data), [(1, b"10"), (2, b"a\nb")])
        self.assertEqual(rubybench.parse_results(b""), [])
        for bad in (b"itr 1 5\n10\n", b"garbage", b"itr 1 2\n10"):
            with self.assertRaises(ValueError):
                rubybench.parse_results(bad)

    def test_summary_digests_and_opt_outs(self):
        entry = rubybench.Entry("x", 1, 1, frozenset())
        a = rubybench.result_summary(entry, "hello\n", [(1, b"[1,2]")])
        b = rubybench.result_summary(entry, "hello\n", [(1, b"[1,3]")])
        self.assertEqual(a.splitlines()[0], rubybench.result_summary(entry, "hello\n", []).splitlines()[0])
        self.assertNotEqual(a, b)
        self.assertIn("itr 1: 5 bytes sha256=", a)
        self.assertTrue(check.first_difference(a, b).startswith("line 2"))
        off = rubybench.Entry("x", 1, 1, frozenset({"result=off", "stdout=off"}))
        self.assertEqual(rubybench.result_summary(off, "t=1.5\n", [(1, b"a")]),
                         rubybench.result_summary(off, "t=2.0\n", [(1, b"b")]))
        self.assertEqual(rubybench.result_summary(off, "", [(1, b"a")]), "stdout: not compared\nitr 1: not compared\n")


FAKE_BENCH = """\
require_relative '../harness/loader'
Point = Struct.new(:x, :y)
puts "setup"
obj = make_shareable(Object.new)
use_gemfile
run_benchmark(10) do
  [rand(1000), 2.5, "s\\xff".b, :sym, {a: 1..3}, nil, obj, Point.new(1, [true])]
end
"""


@unittest.skipUnless(HAVE_RUBY, "needs ruby")
class Harness(unittest.TestCase):
    """harness.rb and --record/--check on a fake ruby-bench tree."""

    def setUp(self):
        self.dir = Path(tempfile.mkdtemp())
        self.suite = self.dir / "ruby-bench"
        (self.suite / "benchmarks" / "nested").mkdir(parents=True)
        (self.suite / "benchmarks" / "flat.rb").write_text(FAKE_BENCH)
        (self.suite / "benchmarks" / "nested" / "benchmark.rb").write_text(
            FAKE_BENCH.replace("'../harness/loader'", "'../../harness/loader'").replace("Point", "P2"))
        self.bench = self.dir / "bench"
        (self.bench / "rubybench").mkdir(parents=True)
        shutil.copy(BENCH / "rubybench" / "harness.rb", self.bench / "rubybench" / "harness.rb")
        (self.bench / "rubybench" / "benchmarks.txt").write_text("flat 2 1\nnested 1 0\n")
        (self.bench / "xfail.txt").write_text("")
        self.ruby = Runtime("ruby", "ruby", ["ruby"], baseline=True)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_fixed_work_and_canonical_result(self):
        res = self.dir / "out.%p.res"
        env = dict(os.environ, RUBYBENCH_ITRS="2", RUBYBENCH_RESULT=str(res))
        r = subprocess.run(["ruby", str(self.bench / "rubybench" / "harness.rb"),
                            str(self.suite / "benchmarks" / "flat.rb")],
                           capture_output=True, env=env, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, b"setup\n")  # the loader's lines are not printed
        files = list(self.dir.glob("out.*.res"))
        self.assertEqual(len(files), 1)
        results = rubybench.parse_results(files[0].read_bytes())
        self.assertEqual([n for n, _ in results], [1, 2])
        first = results[0][1]
        # srand(1337): the same first number on every run
        expected_rand = subprocess.run(["ruby", "-e", "Random.srand(1337); print rand(1000)"],
                                       capture_output=True, text=True).stdout
        self.assertEqual(first, (f'[{expected_rand},f2.5,s2:s\xff,:sym,{{:a=>1..3}},nil,#<Object>,'
                                 f'#<struct Point [1,[true]]>]').encode("latin-1"))

    def test_record_then_check(self):
        progs, note = rubybench.discover(self.bench, self.suite)
        self.assertEqual(note, "")
        self.assertEqual([p.name for p in progs], ["rubybench/flat", "rubybench/nested"])
        out = io.StringIO()
        self.assertEqual(check.record(progs, self.ruby, self.bench, 60, out), 0, out.getvalue())
        quick = (self.bench / "expected" / "rubybench" / "flat.quick.out").read_text()
        self.assertEqual(len(quick.splitlines()), 2)  # stdout + one block run
        self.assertEqual(len((self.bench / "expected" / "rubybench" / "flat.out").read_text().splitlines()), 3)
        # nested: quick-itrs 0, so only stdout
        self.assertEqual(len((self.bench / "expected" / "rubybench" / "nested.quick.out").read_text().splitlines()),
                         1)
        out = io.StringIO()
        self.assertEqual(check.check(progs, self.ruby, self.bench, 60, out), 0, out.getvalue())
        self.assertEqual(out.getvalue().splitlines()[-1], "2 passed, 0 failed")
        # a different result fails; listed in xfail.txt it is an xfail
        (self.bench / "expected" / "rubybench" / "flat.quick.out").write_text(quick.replace("itr 1: ", "itr 1: 0"))
        out = io.StringIO()
        self.assertEqual(check.check(progs, self.ruby, self.bench, 60, out), 1)
        self.assertIn("FAIL   rubybench/flat: output differs at line 2", out.getvalue())
        (self.bench / "xfail.txt").write_text("rubybench/flat  # wrong result\n")
        out = io.StringIO()
        self.assertEqual(check.check(progs, self.ruby, self.bench, 60, out), 0)
        self.assertIn("xfail  rubybench/flat", out.getvalue())
        self.assertEqual(out.getvalue().splitlines()[-1], "1 passed, 0 failed, 1 skipped")

    def test_table_through_bench_run(self):
        """bench/run rubybench/flat with the fake carmine (CRuby underneath)
        against a fake ruby-bench tree; the real benchmarks.txt does not list
        `flat`, so a copy of the bench dir's runner is pointed at it."""
        shutil.copytree(BENCH / "lib", self.bench / "lib")
        shutil.copy(BENCH / "run", self.bench / "run")
        out = self.dir / "results"
        env = dict(os.environ, CARMINE=str(BENCH / "tests" / "fake_carmine"), FAKE_CARMINE_WRONG="harness")
        r = subprocess.run([sys.executable, str(self.bench / "run"), "rubybench", "--rubybench-dir", str(self.suite),
                            "--quick", "--repeat", "1", "--warmup", "0", "--runtimes", "ruby,carmine",
                            "--out", str(out)], capture_output=True, text=True, env=env, timeout=300)
        self.assertEqual(r.returncode, 0, r.stderr)
        doc = json.loads((out / "latest.json").read_text())
        rows = {row["name"]: row for row in doc["benchmarks"]["rows"]}
        self.assertEqual(set(rows), {"rubybench/flat", "rubybench/nested"})
        ruby = rows["rubybench/flat"]["runtimes"]["ruby"]
        self.assertEqual(ruby["output"], "ok")
        self.assertGreater(ruby["median_rss_kb"], 0)
        # the fake carmine prints a wrong line: the result's stdout digest differs
        self.assertTrue(rows["rubybench/flat"]["runtimes"]["carmine"]["output"].startswith("differs"))
        self.assertIn("| rubybench/flat |", (out / "latest.md").read_text())

    def test_missing_suite(self):
        progs, note = rubybench.discover(self.bench, self.dir / "nowhere")
        self.assertEqual(progs, [])
        self.assertIn("not found", note)


if __name__ == "__main__":
    unittest.main()
