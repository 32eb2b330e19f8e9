"""Tests of what lets the scripts serve a user's own executable and designs: run by scripts/test.

python3 -m unittest discover -s scripts/tests

- plot_groups (colours and shard series for any design name), and plot.py end to end when matplotlib is
  importable (scripts/plot installs it; bare python3 skips those tests);
- the profiling scripts' --package-path/--product/--variant checks, which refuse bad input with one line
  and exit 64 before building anything (the product checks need swift, for `swift package describe`).
"""

import csv
import importlib.util
import io
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
LIB = os.path.join(HERE, "..", "lib")
SCRIPTS = os.path.abspath(os.path.join(HERE, ".."))
sys.path.insert(0, LIB)

import plot_groups  # noqa: E402

HAVE_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None


class Variant:
    def __init__(self, name, decode, throughput=1000.0):
        self.name = name
        self.decode = decode
        self.metrics = {"throughput": throughput}

    def metric(self, name):
        return self.metrics.get(name)


class DesignColourTests(unittest.TestCase):
    def test_the_built_in_designs_keep_their_colours(self):
        self.assertEqual(
            plot_groups.design_colours(["naive", "coalescing", "sharded", "mutex"]),
            {"naive": "#d62728", "coalescing": "#1f77b4", "sharded": "#2ca02c", "mutex": "#9467bd"},
        )

    def test_a_users_design_has_the_same_colour_whatever_else_is_plotted(self):
        alone = plot_groups.design_colours(["image-inflight"])["image-inflight"]
        beside_built_ins = plot_groups.design_colours(["naive", "image-inflight", "sharded"])["image-inflight"]
        self.assertEqual(alone, beside_built_ins)
        self.assertEqual(alone, plot_groups.preferred_colour("image-inflight"))
        self.assertIn(alone, plot_groups.DESIGN_PALETTE)
        self.assertNotIn(alone, plot_groups.BUILT_IN_COLOURS.values())

    def test_designs_of_one_chart_never_share_a_colour_while_the_palette_lasts(self):
        names = [f"design-{index}" for index in range(len(plot_groups.DESIGN_PALETTE))] + ["naive", "mutex"]
        colours = plot_groups.design_colours(names)
        self.assertEqual(len(set(colours.values())), len(names))
        # The outcome does not depend on the order the designs come in.
        self.assertEqual(colours, plot_groups.design_colours(list(reversed(names))))


class ShardSeriesTests(unittest.TestCase):
    def test_any_design_whose_variant_names_carry_a_shard_count_is_a_series(self):
        variants = [
            Variant("image-sharded(1)", "inside"), Variant("image-sharded(4)", "inside"),
            Variant("image-sharded(4)", "outside"), Variant("sharded(8)", "inside"),
            Variant("sharded(2)", "inside"), Variant("image-inflight", "inside"),
            Variant("lonely(4)", "inside"),
        ]
        series = plot_groups.shard_series(variants)
        self.assertEqual(list(series), ["image-sharded", "sharded"])  # lonely has one count only
        self.assertEqual(list(series["image-sharded"]), [("inside", None), ("outside", None)])
        self.assertEqual(sorted(series["image-sharded"][("inside", None)]), [1, 4])
        self.assertEqual(sorted(series["sharded"][("inside", None)]), [2, 8])

    def test_cells_at_different_concurrencies_are_separate_series_not_repetitions(self):
        variants = []
        for concurrency in (8, 64):
            for name in ("sharded(1)", "sharded(4)"):
                variant = Variant(name, "inside")
                variant.concurrency = concurrency
                variants.append(variant)
        series = plot_groups.shard_series(variants)
        self.assertEqual(list(series["sharded"]), [("inside", 8), ("inside", 64)])
        for key in series["sharded"]:
            self.assertEqual({s: len(vs) for s, vs in series["sharded"][key].items()}, {1: 1, 4: 1})

    def test_a_variant_without_the_metric_is_left_out(self):
        variants = [Variant("mine-split(1)", "none", None), Variant("mine-split(2)", "none")]
        self.assertEqual(plot_groups.shard_series(variants), {})

    def test_the_name_is_read_as_design_and_count(self):
        self.assertEqual(plot_groups.sharded_name("image-sharded(16)"), ("image-sharded", 16))
        self.assertIsNone(plot_groups.sharded_name("image-sharded"))


RESULT_COLUMNS = ["variant", "design", "decode", "shards", "requests", "throughput", "duplicate_fetches",
                  "latency_p50_ns", "latency_p99_ns"]


@unittest.skipUnless(HAVE_MATPLOTLIB, "matplotlib is not importable (scripts/plot installs it in a venv)")
class PlotUserDesignsTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="cachebench-plot-")
        sys.path.insert(0, LIB)
        import plot

        self.plot = plot

    def tearDown(self):
        shutil.rmtree(self.directory)

    def write_csv(self, rows):
        path = os.path.join(self.directory, "results.csv")
        with open(path, "w", newline="", encoding="utf-8") as target:
            writer = csv.writer(target)
            writer.writerow(RESULT_COLUMNS)
            for name, design, decode, shards, throughput in rows:
                writer.writerow([name, design, decode, shards, 2000, throughput, 3, 1000000, 2000000])
        return path

    def run_plot(self, path):
        output = os.path.join(self.directory, "plots")
        with io.StringIO() as out, io.StringIO() as err:
            stdout, stderr = sys.stdout, sys.stderr
            sys.stdout, sys.stderr = out, err
            try:
                status = self.plot.main([path, "-o", output])
            finally:
                sys.stdout, sys.stderr = stdout, stderr
            return status, sorted(os.listdir(output)), err.getvalue()

    def test_a_users_sharded_design_gets_the_shard_scaling_chart(self):
        path = self.write_csv([
            ("image-sharded(1)", "image-sharded", "inside", 1, 40000),
            ("image-sharded(2)", "image-sharded", "inside", 2, 60000),
            ("image-sharded(4)", "image-sharded", "inside", 4, 70000),
            ("image-inflight", "image-inflight", "inside", 1, 50000),
        ])
        status, charts, _ = self.run_plot(path)
        self.assertEqual(status, 0)
        self.assertIn("shard-scaling.png", charts)

    def test_user_designs_are_coloured_by_design_from_the_palette(self):
        path = self.write_csv([
            ("image-reentrant", "image-reentrant", "inside", 1, 40000),
            ("image-inflight", "image-inflight", "outside", 1, 50000),
            ("naive", "naive", "inside", 1, 30000),
        ])
        variants, _ = self.plot.load([path])
        self.assertEqual(self.plot.assign_colours(variants), "design")
        colours = {v.name: v.colour for v in variants}
        self.assertEqual(colours["naive"], "#d62728")
        self.assertEqual(colours["image-inflight"], plot_groups.design_colours(
            ["image-reentrant", "image-inflight", "naive"])["image-inflight"])
        self.assertNotEqual(colours["image-inflight"], colours["image-reentrant"])

    def test_without_two_shard_counts_the_chart_is_skipped_with_a_reason(self):
        path = self.write_csv([("image-sharded(4)", "image-sharded", "inside", 4, 40000)])
        status, charts, error = self.run_plot(path)
        self.assertEqual(status, 0)
        self.assertNotIn("shard-scaling.png", charts)
        self.assertIn("skipped shard-scaling.png", error)


def find_swift():
    if shutil.which("swift"):
        return True
    return os.access("/opt/swift/usr/bin/swift", os.X_OK)


class ScriptOptionTests(unittest.TestCase):
    """Bad input is one line on stderr and exit 64, before any build, and leaves no results directory."""

    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="cachebench-options-")
        self.package = os.path.join(self.directory, "mybench")
        os.makedirs(os.path.join(self.package, "Sources", "mybench"))
        os.makedirs(os.path.join(self.package, "Sources", "MyCaches"))
        with open(os.path.join(self.package, "Package.swift"), "w", encoding="utf-8") as target:
            target.write(
                "// swift-tools-version: 6.0\n"
                "import PackageDescription\n"
                "let package = Package(\n"
                '  name: "mybench",\n'
                '  products: [.executable(name: "mybench", targets: ["mybench"]),\n'
                '             .library(name: "MyCaches", targets: ["MyCaches"])],\n'
                '  targets: [.executableTarget(name: "mybench", dependencies: ["MyCaches"]),\n'
                '            .target(name: "MyCaches")]\n'
                ")\n"
            )
        with open(os.path.join(self.package, "Sources", "mybench", "main.swift"), "w", encoding="utf-8") as main:
            main.write("print(1)\n")
        with open(os.path.join(self.package, "Sources", "MyCaches", "Cache.swift"), "w", encoding="utf-8") as lib:
            lib.write("public struct MyCache {}\n")

    def tearDown(self):
        shutil.rmtree(self.directory)

    def run_script(self, *arguments):
        result = subprocess.run(
            [os.path.join(SCRIPTS, arguments[0]), *arguments[1:]], cwd=self.directory,
            capture_output=True, text=True, timeout=120,
        )
        return result.returncode, result.stderr

    def assertRefused(self, arguments, message):
        status, error = self.run_script(*arguments)
        self.assertEqual(status, 64, error)
        self.assertEqual(len(error.splitlines()), 1, error)
        self.assertIn(message, error)
        self.assertFalse(os.path.exists(os.path.join(self.package, "results")))
        self.assertFalse(os.path.exists(os.path.join(self.package, ".build")))

    def test_a_missing_value_is_refused(self):
        for script in (["perf-record"], ["valgrind", "callgrind"], ["heaptrack", "--variant", "a/none"],
                       ["ci-gate"]):
            with self.subTest(script=script[0]):
                self.assertRefused(script + ["--package-path"], "missing value for --package-path")
                self.assertRefused(script + ["--product", "--package-path", self.package],
                                   "missing value for --product")
                self.assertRefused(script + ["--product="], "missing value for --product")

    def test_a_directory_that_is_not_there_or_no_package_is_refused(self):
        for script in (["perf-record"], ["valgrind", "dhat"], ["heaptrack", "--variant", "a/none"], ["ci-gate"]):
            with self.subTest(script=script[0]):
                self.assertRefused(script + ["--package-path", os.path.join(self.directory, "nope")],
                                   "no such directory")
                self.assertRefused(script + ["--package-path", self.directory], "no Package.swift there")

    def test_a_variant_not_written_as_cachebench_prints_it_is_refused(self):
        for arguments in (["valgrind", "massif", "--variant", "mine"],
                          ["heaptrack", "--variant", "mine(4)"],
                          ["valgrind", "dhat", "--variant", "mine/inside/outside"]):
            with self.subTest(arguments=arguments):
                self.assertRefused(arguments + ["--package-path", self.package], "invalid variant")

    @unittest.skipUnless(find_swift(), "swift is not installed")
    def test_a_product_the_package_does_not_have_or_is_no_executable_is_refused(self):
        for script in (["perf-record"], ["valgrind", "callgrind"], ["heaptrack", "--variant", "a/none"],
                       ["ci-gate"]):
            with self.subTest(script=script[0]):
                self.assertRefused(script + ["--package-path", self.package, "--product", "nope"],
                                   "--product nope: no product of that name in mybench (its executables: mybench)")
                self.assertRefused(script + ["--package-path", self.package],
                                   "--product cachebench: no product of that name in mybench")
                self.assertRefused(script + ["--package-path", self.package, "--product", "MyCaches"],
                                   "not an executable")

    def test_a_sharded_variant_of_any_design_selects_its_design_and_shard_count(self):
        script = (
            'source "$1/lib/setup.sh"; for v in "image-sharded(4)/inside" "mine/none" "sharded(8)/outside"; do '
            'cachebench_variant_options "$v"; echo "${CACHEBENCH_VARIANT_OPTIONS[*]}"; done; '
            'cachebench_variant_options "mine-split(2)/none" --requests 5 --decode=none,inside --shards 2; '
            'echo "${CACHEBENCH_VARIANT_OPTIONS[*]}"'
        )
        result = subprocess.run(["bash", "-c", script, "x", SCRIPTS], capture_output=True, text=True, check=True)
        self.assertEqual(result.stdout.splitlines(), [
            "--variants image-sharded --shards 4 --decode inside",
            "--variants mine --decode none",
            "--variants sharded --shards 8 --decode outside",
            # What the run's own options already choose is left to them.
            "--variants mine-split",
        ])


if __name__ == "__main__":
    unittest.main()
