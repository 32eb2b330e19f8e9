"""Tests of scripts/plot and scripts/lib/plot.py: what each chart computes and draws, and the exit codes.

python3 -m unittest discover -s scripts/tests

plot.py needs matplotlib, which scripts/plot installs into .build/plot-venv; when the python3 running the
tests cannot import it, the venv's packages are used if scripts/plot has made them (scripts/test runs it
first), else these tests are skipped. They check the data the charts are drawn from (matplotlib's artists),
not pixels.
"""

import contextlib
import csv
import glob
import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
LIB = os.path.join(ROOT, "scripts", "lib")
FIXTURES = os.path.join(ROOT, "scripts", "fixtures", "plot")
VENV = os.path.join(ROOT, ".build", "plot-venv")
sys.path.insert(0, LIB)


def find_matplotlib():
    if importlib.util.find_spec("matplotlib") is not None:
        return True
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for packages in glob.glob(os.path.join(VENV, "lib", version, "site-packages")):
        sys.path.append(packages)
        importlib.invalidate_caches()
        return importlib.util.find_spec("matplotlib") is not None
    return False


HAVE_MATPLOTLIB = find_matplotlib()
if HAVE_MATPLOTLIB:
    os.environ.setdefault("MPLCONFIGDIR", tempfile.mkdtemp(prefix="cachebench-mpl-"))
    import plot  # noqa: E402
    from matplotlib.collections import PathCollection  # noqa: E402
    from matplotlib.container import ErrorbarContainer  # noqa: E402

needs_matplotlib = unittest.skipUnless(HAVE_MATPLOTLIB, "matplotlib is not importable (run scripts/plot once)")


def fixture(name):
    return os.path.join(FIXTURES, name)


def quiet(function, *arguments):
    """function(*arguments) with stdout and stderr captured: (result, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        result = function(*arguments)
    return result, out.getvalue(), err.getvalue()


def drawn(test, variants, with_source):
    """The four figures as main draws them, closed again by `test`'s cleanup."""
    import matplotlib.pyplot as plt

    charts = plot.figures(variants, with_source)
    for figure, _ in charts:
        if figure is not None:
            test.addCleanup(plt.close, figure)
    return dict(zip(plot.CHARTS, (figure for figure, _ in charts)))


def csv_of_json(json_path, csv_path):
    """The --csv a run writes beside its --json (the run's columns, then every metric under its name),
    from the JSON, as the pair `scripts/cachebench --json r.json --csv r.csv` writes."""
    with open(json_path, encoding="utf-8") as handle:
        document = json.load(handle)
    # requests first, as in the real CSV, where the metrics begin with it.
    metrics = ["requests"] + sorted({name for v in document["variants"] for name in v["metrics"]} - {"requests"})
    scenario = document["scenario"]
    with open(csv_path, "w", newline="", encoding="utf-8") as target:
        writer = csv.writer(target)
        writer.writerow(["timestamp", "concurrency", "variant", "design", "decode", "shards"] + metrics)
        for v in document["variants"]:
            values = ["" if v["metrics"].get(name) is None else v["metrics"][name] for name in metrics]
            writer.writerow([document["metadata"]["timestamp"], scenario["concurrency"], v["variant"], v["design"],
                             v["decode"], v["shards"]] + values)


@needs_matplotlib
class IgnoredOptionsFieldTests(unittest.TestCase):
    """The `ignored_options` field (words, or null / empty when a design did all that was asked) is read
    past in both files a run writes: every variant is still loaded and drawn."""

    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="cachebench-plot-")
        self.addCleanup(shutil.rmtree, self.directory)

    def test_a_run_whose_design_ignored_options_is_loaded_and_drawn_from_its_json_and_csv(self):
        with open(fixture("result.json"), encoding="utf-8") as handle:
            document = json.load(handle)
        for index, variant in enumerate(document["variants"]):
            variant["metrics"]["ignored_options"] = "decode;cancel_rate" if index == 0 else None
        marked = os.path.join(self.directory, "marked.json")
        with open(marked, "w", encoding="utf-8") as handle:
            json.dump(document, handle)
        pair = os.path.join(self.directory, "marked.csv")
        csv_of_json(marked, pair)
        for path in (marked, pair):
            (variants, with_source), _, _ = quiet(plot.load, [path])
            self.assertEqual(len(variants), 6, path)
            self.assertTrue(all(v.metric("ignored_options") is None for v in variants), path)
            drawn(self, variants, with_source)


@needs_matplotlib
class DuplicateInputTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="cachebench-plot-")
        self.addCleanup(shutil.rmtree, self.directory)

    def test_the_json_and_csv_of_one_run_draw_each_variant_once_with_the_full_spectrum(self):
        pair = os.path.join(self.directory, "result.csv")
        csv_of_json(fixture("result.json"), pair)
        shutil.copy(fixture("result.json"), os.path.join(self.directory, "result.json"))
        (variants, with_source), _, err = quiet(plot.load, [os.path.join(self.directory, "result.json"), pair])
        self.assertEqual(len(variants), 6)
        self.assertFalse(with_source)
        self.assertIn("6 variant(s) appear in more than one input", err)
        self.assertTrue(all(v.spectrum and not v.spectrum_is_sparse for v in variants))
        figures = drawn(self, variants, with_source)
        labels = [tick.get_text() for tick in figures["throughput-duplicates.png"].axes[0].get_yticklabels()]
        self.assertEqual(len(labels), 6)
        self.assertEqual(len(set(labels)), 6)

    def test_a_file_given_twice_is_drawn_once(self):
        (variants, _), _, _ = quiet(plot.load, [fixture("repeat.csv"), fixture("repeat.csv")])
        self.assertEqual(len(variants), 8)

    def test_two_runs_of_the_same_variants_are_both_drawn_under_different_labels(self):
        with open(fixture("repeat.csv"), encoding="utf-8", newline="") as handle:
            rows = list(csv.reader(handle))
        later = os.path.join(self.directory, "both.csv")
        with open(later, "w", encoding="utf-8", newline="") as target:
            writer = csv.writer(target)
            writer.writerows(rows)
            # A second run, concatenated with its header: another timestamp.
            writer.writerow(rows[0])
            writer.writerows([["2030-01-01T00:00:00Z"] + row[1:] for row in rows[1:]])
        (variants, with_source), _, _ = quiet(plot.load, [later])
        self.assertEqual(len(variants), 16)
        plot.mark_labels(variants, with_source)
        labels = [v.label(with_source) for v in variants]
        self.assertEqual(len(set(labels)), 16, labels)
        self.assertIn("naive/inside run 2", labels)

    def test_files_of_one_name_in_two_directories_are_told_apart(self):
        self.assertEqual(plot.source_names(["a/results.csv", "b/results.csv"]), ["a/results", "b/results"])
        self.assertEqual(plot.source_names(["a/results.json", "a/results.csv"]), ["results", "results"])


class Runs:
    """Variants of a sharded design from several runs, as a concatenated CSV gives them."""

    @staticmethod
    def variant(shards, throughput, p99, timestamp, **metrics):
        variant = plot.Variant("runs", f"sharded({shards})", "sharded", "inside", shards,
                               {"throughput": throughput, "latency_p99_ns": p99, "requests": 1000, **metrics},
                               64, None, timestamp)
        return variant


@needs_matplotlib
class ShardScalingTests(unittest.TestCase):
    def test_a_point_is_the_median_of_the_runs_not_their_mean_and_each_run_is_a_grey_dot_on_both_panels(self):
        variants = []
        for run, (t1, t4, p1, p4) in enumerate([(10e3, 40e3, 1e6, 3e6), (20e3, 50e3, 2e6, 4e6),
                                                 (90e3, 60e3, 9e6, 5e6)]):
            variants += [Runs.variant(1, t1, p1, f"run{run}"), Runs.variant(4, t4, p4, f"run{run}")]
        variants, _ = plot.deduplicate(variants)
        figure = drawn(self, variants, False)["shard-scaling.png"]
        left, right = figure.axes
        line = [l for l in left.get_lines() if not l.get_label().startswith("_")][0]
        # Medians: 20k and 50k requests/s (the means would be 40k and 50k).
        self.assertEqual(list(line.get_ydata()), [20.0, 50.0])
        line = [l for l in right.get_lines() if not l.get_label().startswith("_")][0]
        self.assertEqual(list(line.get_ydata()), [2000.0, 4000.0])  # µs, the unit of a largest p99 under 10 ms
        for axes in (left, right):
            dots = [c for c in axes.collections if isinstance(c, PathCollection)]
            self.assertEqual(sum(len(c.get_offsets()) for c in dots), 6, axes.get_title())
        self.assertIn("median", figure._suptitle.get_text())
        self.assertIn("grey dots", figure._suptitle.get_text())

    def test_a_point_of_one_repeated_run_has_whiskers_for_its_interval(self):
        def intervals(scale):
            return {"throughput_ci_low": 9e3 * scale, "throughput_ci_high": 12e3 * scale,
                    "latency_p99_ci_low_ns": 0.5e6 * scale, "latency_p99_ci_high_ns": 1.5e6 * scale,
                    "repetitions": 3, "ci_level": 0.75}
        variants = [Runs.variant(1, 10e3, 1e6, "run", **intervals(1)),
                    Runs.variant(2, 20e3, 2e6, "run", **intervals(2))]
        figure = drawn(self, variants, False)["shard-scaling.png"]
        left, right = figure.axes
        for axes, expected in ((left, [(9.0, 12.0), (18.0, 24.0)]), (right, [(500.0, 1500.0), (1000.0, 3000.0)])):
            bars = [c for c in axes.containers if isinstance(c, ErrorbarContainer)]
            self.assertEqual(len(bars), 2)
            spans = [tuple(segment[:, 1]) for c in bars for segment in c.lines[2][0].get_segments()]
            self.assertEqual(spans, expected)
        self.assertNotIn("grey dots", figure._suptitle.get_text())


@needs_matplotlib
class SweepSpectrumTests(unittest.TestCase):
    def setUp(self):
        (self.variants, self.with_source), _, _ = quiet(
            plot.load, [fixture("sweep-concurrency.csv"), fixture("repeat.csv")])
        self.figure = drawn(self, self.variants, self.with_source)["latency-spectrum.png"]

    def test_each_concurrency_has_a_panel_and_no_two_lines_of_a_panel_look_alike(self):
        panels = plot.spectrum_panels(self.variants)
        self.assertEqual([cell for cell, _ in panels], [(None, 8), (None, 64)])
        styles = dict(zip(map(id, self.variants), plot.spectrum_styles(self.variants)))
        for _, members in panels:
            looks = [tuple(sorted((k, str(v)) for k, v in styles[id(v)].items())) for v in members]
            self.assertEqual(len(looks), len(set(looks)))
        self.assertEqual([axes.get_title() for axes in self.figure.axes if axes.get_visible()],
                         ["8 clients (c=8)", "64 clients (c=64)"])

    def test_a_variant_of_one_run_has_one_style_in_every_panel(self):
        first = [v for v in self.variants if v.name == "sharded(2)" and v.decode == "outside"
                 and v.source == "sweep-concurrency"]
        self.assertEqual([v.concurrency for v in first], [8, 64])
        styles = plot.spectrum_styles(first)
        self.assertEqual(styles[0], styles[1])

    def test_a_results_csvs_percentiles_are_points_never_joined(self):
        for axes in self.figure.axes:
            for line in axes.get_lines():
                if not line.get_label().startswith("_"):
                    self.assertEqual(line.get_linestyle(), "None", line.get_label())
                    self.assertNotEqual(line.get_marker(), "None")

    def test_labels_carry_the_concurrency(self):
        plot.mark_labels(self.variants, self.with_source)
        labels = [v.label(self.with_source) for v in self.variants]
        self.assertIn("sweep-concurrency: sharded(8)/inside c=64", labels)
        self.assertEqual(len(labels), len(set(labels)))


@needs_matplotlib
class RepeatIntervalTests(unittest.TestCase):
    def setUp(self):
        (self.variants, self.with_source), _, _ = quiet(plot.load, [fixture("repeat.csv")])
        self.figures = drawn(self, self.variants, self.with_source)

    def expected(self, low, high, scale):
        with open(fixture("repeat.csv"), encoding="utf-8", newline="") as handle:
            return [(float(row[low]) / scale, float(row[high]) / scale) for row in csv.DictReader(handle)]

    def test_throughput_bars_have_whiskers_from_the_interval_columns(self):
        left = self.figures["throughput-duplicates.png"].axes[0]
        bars = [c for c in left.containers if isinstance(c, ErrorbarContainer)]
        self.assertEqual(len(bars), 1)
        spans = [tuple(segment[:, 0]) for segment in bars[0].lines[2][0].get_segments()]
        # Bars run top to bottom in the file's order.
        self.assertEqual([tuple(round(x, 4) for x in s) for s in spans],
                         [tuple(round(x, 4) for x in s)
                          for s in self.expected("throughput_ci_low", "throughput_ci_high", 1e3)])
        self.assertIn("75% interval of the median of 3 repetitions", "".join(
            text.get_text() for text in self.figures["throughput-duplicates.png"].texts))

    def test_the_spectrum_has_whiskers_at_p50_and_p99(self):
        axes = self.figures["latency-spectrum.png"].axes[0]
        bars = [c for c in axes.containers if isinstance(c, ErrorbarContainer)]
        self.assertEqual(len(bars), 16)
        spans = sorted(tuple(segment[:, 1]) for c in bars for segment in c.lines[2][0].get_segments())
        expected = sorted(self.expected("latency_p50_ci_low_ns", "latency_p50_ci_high_ns", 1)
                          + self.expected("latency_p99_ci_low_ns", "latency_p99_ci_high_ns", 1))
        self.assertEqual(spans, expected)

    def test_the_spectrum_footer_speaks_of_pooled_lines_only_when_a_line_is_drawn(self):
        def footer(paths):
            (variants, with_source), _, _ = quiet(plot.load, paths)
            figure = drawn(self, variants, with_source)["latency-spectrum.png"]
            return " ".join(text.get_text() for text in figure.texts)
        # A repeated run's CSV alone: points and whiskers, no line to be pooled.
        points = footer([fixture("repeat.csv")])
        self.assertIn("whiskers at p50 and p99", points)
        self.assertNotIn("pooled", points)
        # A JSON's full spectrum with an interval is a line over every repetition's requests.
        directory = tempfile.mkdtemp(prefix="cachebench-plot-pooled-")
        self.addCleanup(shutil.rmtree, directory)
        with open(fixture("result.json"), encoding="utf-8") as handle:
            result = json.load(handle)
        metrics = result["variants"][0]["metrics"]
        median = metrics["latency_p50_ns"]
        metrics.update(latency_p50_ci_low_ns=median * 0.9, latency_p50_ci_high_ns=median * 1.1, repetitions=3,
                       ci_level=0.75)
        path = os.path.join(directory, "repeated.json")
        with open(path, "w", encoding="utf-8") as target:
            json.dump(result, target)
        self.assertIn("lines: every repetition's requests pooled", footer([path]))

    def test_a_run_of_one_repetition_has_no_whiskers(self):
        (variants, with_source), _, _ = quiet(plot.load, [fixture("sweep.csv")])
        figures = drawn(self, variants, with_source)
        for name in ("throughput-duplicates.png", "latency-spectrum.png", "shard-scaling.png"):
            for axes in figures[name].axes:
                self.assertFalse([c for c in axes.containers if isinstance(c, ErrorbarContainer)], name)


@needs_matplotlib
class MemoryTests(unittest.TestCase):
    def test_retained_bytes_has_a_panel_on_its_own_scale(self):
        (variants, with_source), _, _ = quiet(plot.load, [fixture("repeat.csv")])
        panels = plot.memory_panels(variants)
        self.assertEqual([(columns, unit[1]) for _, columns, unit in panels], [
            (["allocated_delta_bytes"], "MiB"), (["retained_bytes"], "KiB"),
            (["peak_rss_bytes"], "MiB"), (["allocated_bytes", "resident_bytes"], "MiB")])
        figure = drawn(self, variants, with_source)["memory.png"]
        retained = figure.axes[1]
        self.assertIn("KiB", retained.get_xlabel())
        low, high = retained.get_xlim()
        widest = max(abs(bar.get_width()) for bar in retained.patches)
        # The largest retained_bytes (1.4 KiB here) spans most of its panel, not a pixel of a MiB axis.
        self.assertGreater(widest / (high - low), 0.5)

    def test_the_footer_explains_only_the_figures_drawn(self):
        def footer(paths):
            (variants, with_source), _, _ = quiet(plot.load, paths)
            figure = drawn(self, variants, with_source)["memory.png"]
            return " ".join(text.get_text() for text in figure.texts)
        measured = footer([fixture("repeat.csv")])
        for note in ("allocated_delta_bytes:", "retained_bytes:", "KiB/entry"):
            self.assertIn(note, measured)
        # The sweep fixture measured peak and process memory only: no word on the others.
        sweep = footer([fixture("sweep.csv")])
        for note in ("allocated_delta_bytes:", "retained_bytes:", "KiB/entry"):
            self.assertNotIn(note, sweep)

    def test_the_unit_is_the_largest_in_which_the_values_read_at_least_one(self):
        self.assertEqual(plot.byte_unit([300, -16]), (1, "B"))
        self.assertEqual(plot.byte_unit([1392, -320]), (1024, "KiB"))
        self.assertEqual(plot.byte_unit([-3 * 2**20]), (2**20, "MiB"))


@needs_matplotlib
class UsageTests(unittest.TestCase):
    def test_no_arguments_is_a_usage_error_exit_64_in_one_line(self):
        for arguments in ([], ["--bogus", "x.csv"], ["-o"]):
            with self.subTest(arguments=arguments):
                with self.assertRaises(SystemExit) as exit_:
                    quiet(plot.main, arguments)
                self.assertEqual(exit_.exception.code, 64)

    def test_a_bad_input_is_one_line_naming_it_and_exit_64_never_a_traceback(self):
        directory = tempfile.mkdtemp(prefix="cachebench-plot-bad-")
        self.addCleanup(shutil.rmtree, directory)
        with open(fixture("result.json"), encoding="utf-8") as handle:
            result = json.load(handle)

        def written(name, content):
            path = os.path.join(directory, name)
            with open(path, "wb" if isinstance(content, bytes) else "w") as target:
                target.write(content if isinstance(content, (str, bytes)) else json.dumps(content))
            return path

        first = result["variants"][0]
        unreadable = "not a cachebench result this script can read"
        cases = [
            (directory, "a directory, not a result file"),
            (written("binary.csv", b"\x7fELF\x02\x01\xff\xfe"), "not text; a cachebench result is UTF-8 JSON or CSV"),
            (written("no-name.json", dict(result, variants=[{k: v for k, v in first.items() if k != "variant"}])),
             f"{unreadable} (no field 'variant')"),
            (written("list.json", dict(result, variants=[dict(first, metrics=[])])),
             f"{unreadable} (a field holds the wrong kind of value)"),
            (written("number.json", dict(result, variants=5)), f"{unreadable} (a field holds the wrong kind of value)"),
            (written("raw.csv", "variant,design,decode,shards,request,key,issued_ns,latency_ns,repetition\n"
                                "coalescing,coalescing,inside,1,0,13,75212,2033415,0\n"),
             "a --raw-latencies file, which scripts/plot does not read; give the run's --json, --csv or"
             " --histogram-csv"),
        ]
        for path, words in cases:
            with self.subTest(path=os.path.basename(path)):
                status, out, err = quiet(plot.main, ["-o", os.path.join(directory, "plots"), path])
                self.assertEqual((status, out, err), (64, "", f"plot: {path}: {words}\n"))

    def test_an_output_directory_that_cannot_be_made_is_one_line_and_exit_64(self):
        directory = tempfile.mkdtemp(prefix="cachebench-plot-out-")
        self.addCleanup(shutil.rmtree, directory)
        a_file = os.path.join(directory, "file")
        open(a_file, "w").close()
        for output, words in ((a_file, "not a directory"), (os.path.join(a_file, "plots"), "cannot be made (")):
            with self.subTest(output=output):
                status, out, err = quiet(plot.main, ["-o", output, fixture("sweep.csv")])
                self.assertEqual((status, out), (64, ""))
                self.assertEqual(len(err.splitlines()), 1, err)
                self.assertTrue(err.startswith(f"plot: -o {output}: {words}"), err)

    def test_help_goes_to_stdout_and_exits_0(self):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), self.assertRaises(SystemExit) as e:
            plot.main(["--help"])
        self.assertEqual(e.exception.code, 0)
        self.assertIn("usage: scripts/plot", out.getvalue())
        self.assertEqual(err.getvalue(), "")


@unittest.skipUnless(os.path.exists(os.path.join(VENV, "bin", "python")), "scripts/plot has not set up its venv")
class ScriptExitTests(unittest.TestCase):
    """scripts/plot itself, with the venv scripts/plot made (so that no test installs packages)."""

    def run_plot(self, *arguments):
        return subprocess.run([os.path.join(ROOT, "scripts", "plot"), *arguments], capture_output=True,
                              text=True, timeout=120)

    def test_no_arguments_exits_64_with_one_line_on_stderr(self):
        result = self.run_plot()
        self.assertEqual(result.returncode, 64)
        self.assertEqual(result.stdout, "")
        self.assertEqual(len(result.stderr.splitlines()), 1, result.stderr)
        self.assertIn("the following arguments are required: results", result.stderr)

    def test_help_prints_to_stdout_and_exits_0(self):
        result = self.run_plot("--help")
        self.assertEqual(result.returncode, 0)
        self.assertIn("usage: scripts/plot", result.stdout)
        self.assertIn("latency-spectrum.png", result.stdout)


if __name__ == "__main__":
    unittest.main()
