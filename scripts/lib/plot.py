"""Draws PNG charts from cachebench results. Run through scripts/plot, which sets up matplotlib.

Inputs, any mix, each recognised by its content:
  - a result JSON (--json; "schema": 1, "kind": "result"): metrics and full histograms per variant;
  - a results CSV (--csv, or a sweep's), or several concatenated (repeated header lines are skipped);
  - a histogram CSV (--histogram-csv): full percentile spectra per variant.
The same variant of the same run given twice (the --json and --csv of one run, or a file given twice) is
drawn once, from the richer input: a run is known by its timestamp, a variant by its name, decode, shards,
concurrency and client threads, and its measured requests, throughput and p99 must agree.

Charts, each written only when the inputs hold what it needs (otherwise a line says why it was skipped):
  latency-spectrum.png      request latency against percentile on the log(1/(1-p)) axis, per variant, one
                            panel per concurrency (and client threads) when the inputs hold several, as a
                            sweep's do: full spectra from JSON or histogram CSV as lines; from a results
                            CSV only its p50...p99.99 and max as unjoined points. With --repeat, whiskers
                            at p50 and p99 give the median over the repetitions and its interval
  throughput-duplicates.png throughput and duplicate fetches per variant; with --repeat, whiskers give the
                            interval of each median throughput
  memory.png                per variant, in panels of their own, each on its own scale: what its own window
                            cost (allocated_delta_bytes, the growth over its window; retained_bytes, what
                            stayed once its cache was released; bytes_per_entry under its label), then the
                            peak_rss_bytes (its window's peak resident set, on the footing of the
                            run's first window, so it does not climb with run order), then the process
                            totals at its window's end (allocated_bytes, resident_bytes), which are
                            cumulative: they include what earlier variants of the same process left
  shard-scaling.png         throughput and p99 against shard count, one line per decode placement and
                            concurrency (and per design when several), for every design whose variant
                            names carry a shard count, NAME(N) (the built-in sharded(8), a user's
                            image-sharded(4)), at two or more shard counts. A point is the median of the
                            runs that measured it (grey dots: each run, where there are several); a point of
                            one --repeat run has whiskers for its median's interval

Labels carry the concurrency (`c=64`) and client threads (`t=2`) whenever the inputs hold more than one, as
a sweep's do, and the input's name when there are several runs.

Colours: the built-in designs keep theirs; a user's design gets one chosen from its name, the same in
every chart (scripts/lib/plot_groups.py).

Exit status: 0 when the charts were drawn, 64 for a usage error or an input that is not cachebench results
(one line on stderr).
"""

import argparse
import csv
import json
import math
import os
import statistics
import sys
from collections import OrderedDict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, MaxNLocator, NullLocator  # noqa: E402

from plot_groups import design_colours, shard_series  # noqa: E402

USAGE_ERROR = 64

# Line style and hatch per decode placement, with the words the chart notes use for them. The four placements
# awaited from the cache actor get their own, so that coalescing/nonsending and coalescing/concurrent (one
# colour, the design's) are not drawn alike; a placement not listed (a newer one) is drawn dash-dotted.
DECODE_STYLES = {"inside": "-", "outside": "--", "none": ":", "nonsending": (0, (1, 1)), "concurrent": "-.",
                 "task": (0, (5, 1)), "detached": (0, (3, 1, 1, 1, 1, 1))}
DECODE_STYLE_WORDS = {"inside": "solid", "outside": "dashed", "none": "dotted", "nonsending": "densely dotted",
                      "concurrent": "dash-dot", "task": "densely dashed", "detached": "dash-dot-dot"}
DECODE_HATCHES = {"inside": "", "outside": "//", "none": "..", "nonsending": "xx", "concurrent": "\\\\",
                  "task": "++", "detached": "--"}
DECODE_HATCH_WORDS = {"inside": "plain", "outside": "//", "none": "..", "nonsending": "xx", "concurrent": "\\\\",
                      "task": "++", "detached": "--"}
# Marker per decode placement for percentiles known only as points (a results CSV), which are not joined.
DECODE_MARKERS = {"inside": "o", "outside": "s", "none": "^", "nonsending": "D", "concurrent": "v",
                  "task": "P", "detached": "X"}
DECODE_MARKER_WORDS = {"inside": "circle", "outside": "square", "none": "triangle", "nonsending": "diamond",
                       "concurrent": "down triangle", "task": "plus", "detached": "cross"}
# What tells apart lines that still look alike within a panel (the same variant from two runs): a marker on
# a full spectrum's line, the fill of a point's marker.
EXTRA_MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]
EXTRA_FILLS = ["full", "none", "left", "right", "bottom", "top"]


def decode_note(variants, words, unlisted):
    """The decode placements among `variants` in DECODE_STYLES's order, each after its word in `words`
    (`unlisted` for one not there): 'solid inside, dashed outside'."""
    present = {v.decode for v in variants}
    ordered = [d for d in DECODE_STYLES if d in present] + sorted(present - set(DECODE_STYLES))
    return ", ".join(f"{words.get(d, unlisted)} {d}" for d in ordered)


# Per variant: what its own window allocated, what stayed allocated after its cache was released, and
# its window's peak resident set (measured per window since the VmHWM reset: see docs/columns.md).
OWN_MEMORY_COLUMNS = ["allocated_delta_bytes", "retained_bytes", "peak_rss_bytes"]
# Process-wide at the window's end: cumulative over the variants a process ran before it.
PROCESS_MEMORY_COLUMNS = ["allocated_bytes", "resident_bytes"]
MEMORY_COLUMNS = OWN_MEMORY_COLUMNS + PROCESS_MEMORY_COLUMNS
CSV_PERCENTILES = [
    ("latency_p50_ns", 0.5),
    ("latency_p90_ns", 0.9),
    ("latency_p99_ns", 0.99),
    ("latency_p999_ns", 0.999),
    ("latency_p9999_ns", 0.9999),
]
# The figures a --repeat run gives an interval for: the median's column, then its bounds (docs/columns.md).
INTERVAL_COLUMNS = {
    "throughput": ("throughput", "throughput_ci_low", "throughput_ci_high"),
    "latency_p50": ("latency_p50_ns", "latency_p50_ci_low_ns", "latency_p50_ci_high_ns"),
    "latency_p99": ("latency_p99_ns", "latency_p99_ci_low_ns", "latency_p99_ci_high_ns"),
}


class InputError(Exception):
    """An input file that cannot be read as cachebench results; the message names it."""


class Variant:
    """One measured variant of one input: identity, metrics, and its latency spectrum if known."""

    def __init__(self, source, name, design, decode, shards, metrics, concurrency=None, threads=None,
                 timestamp=None):
        self.source = source
        # Clients of the run or sweep cell, and the threads of their own they ran on (--threads); None when
        # the input does not say, or (threads) when they ran on Swift's global executor.
        self.concurrency = concurrency
        self.threads = threads
        # The run's timestamp (metadata), which with the variant's identity tells one run from another.
        self.timestamp = timestamp
        # Whether labels name the concurrency and threads: set when the inputs hold more than one (mark_labels).
        self.shows_concurrency = False
        self.shows_threads = False
        # Set by mark_labels when the same label would otherwise stand for several runs.
        self.run_number = None
        self.name = name
        self.design = design
        self.decode = decode
        self.shards = shards
        self.metrics = metrics
        # (x, value_ns) points of the request latency spectrum, x = 1/(1-p); None when unknown.
        self.spectrum = None
        # True when the spectrum is only the CSV's handful of percentiles.
        self.spectrum_is_sparse = False

    def key(self):
        return (self.source, self.name, self.decode, self.shards)

    def identity(self):
        """What the same variant of the same run has in every file that holds it; None when the input
        does not name its run (then it is never taken for a duplicate)."""
        if self.timestamp is None:
            return None
        figures = tuple(self.metric(name) for name in ("requests", "throughput", "latency_p99_ns"))
        return (self.timestamp, self.name, self.decode, self.shards, self.concurrency, self.threads, figures)

    def cell(self):
        """The sweep cell the variant ran in: (threads, concurrency)."""
        return (self.threads, self.concurrency)

    def label(self, with_source, with_cell=True):
        """'sharded(4)/inside t=2 c=64 run 2', the cell left out when `with_cell` is False (a panel's
        title names it), the input's name before it when `with_source`."""
        text = f"{self.name}/{self.decode}"
        if with_cell and self.shows_threads and self.threads is not None:
            text += f" t={self.threads}"
        if with_cell and self.shows_concurrency and self.concurrency is not None:
            text += f" c={self.concurrency}"
        if self.run_number is not None:
            text += f" run {self.run_number}"
        return f"{self.source}: {text}" if with_source else text

    def metric(self, name):
        return self.metrics.get(name)

    def interval(self, figure):
        """(median, low, high) of `figure` (a key of INTERVAL_COLUMNS) from a --repeat run's columns, or
        None when the input has no interval for it (one repetition, or not measured)."""
        values = tuple(self.metric(name) for name in INTERVAL_COLUMNS[figure])
        return None if any(value is None for value in values) else values


def number(text):
    """A CSV field as a float; empty (not applicable, nothing measured) is None."""
    if text is None or text == "":
        return None
    try:
        return float(text)
    except ValueError:
        return None


def whole(value):
    return int(value) if isinstance(value, (int, float)) else None


def spectrum_from_buckets(histogram):
    """Points (1/(1-p), value) of the step function a JSON histogram's buckets describe.

    The value at percentile p is the first bucket whose cumulative count reaches p x total, clamped
    to the exact max, as cachebench computes it. The last step, p = 1, is drawn at x = total (the
    one-in-N point), since 1/(1-p) is infinite there.
    """
    total = histogram.get("total_count") or 0
    if total == 0:
        return None
    exact_max = histogram["max"]
    points = [(1.0, histogram["min"])]
    cumulative = 0
    for value, count in histogram["buckets"]:
        cumulative += count
        x = total / (total - cumulative) if cumulative < total else float(total)
        points.append((max(x, points[-1][0]), min(value, exact_max)))
    return points


def load_json(path, source):
    with open(path, encoding="utf-8") as handle:
        try:
            document = json.load(handle)
        except json.JSONDecodeError as error:
            raise InputError(f"{path}: not valid JSON ({error})")
    if not isinstance(document, dict) or document.get("kind") != "result":
        raise InputError(f'{path}: not a cachebench result (no "kind": "result")')
    if document.get("schema") != 1:
        raise InputError(f"{path}: schema {document.get('schema')!r} is not 1, the one this script reads")
    variants = []
    scenario = document.get("scenario") or {}
    timestamp = (document.get("metadata") or {}).get("timestamp")
    for record in document.get("variants", []):
        variant = Variant(
            source,
            record["variant"],
            record["design"],
            record["decode"],
            record["shards"],
            {name: value for name, value in record["metrics"].items() if isinstance(value, (int, float))},
            whole(scenario.get("concurrency")),
            whole(scenario.get("threads")),
            timestamp,
        )
        latency = (record.get("histograms") or {}).get("latency")
        if latency is not None:
            variant.spectrum = spectrum_from_buckets(latency)
        variants.append(variant)
    return variants


def read_csv_rows(path):
    """The header and data rows of a CSV, skipping repeated header lines of concatenated files."""
    with open(path, encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    if not rows:
        raise InputError(f"{path}: empty")
    header = rows[0]
    return header, [row for row in rows[1:] if row and row != header]


def load_results_csv(path, source, header, rows):
    required = {"variant", "design", "decode", "shards", "throughput"}
    missing = sorted(required - set(header))
    if missing:
        raise InputError(f"{path}: not a cachebench results CSV (missing columns {', '.join(missing)})")
    index = {name: position for position, name in enumerate(header)}
    first_metric = index.get("requests", 0)
    variants = []
    for line, row in enumerate(rows, start=2):
        if len(row) != len(header):
            raise InputError(f"{path}: row {line} has {len(row)} fields, the header {len(header)}")
        metrics = {name: number(row[position]) for name, position in index.items() if position >= first_metric}
        metrics = {name: value for name, value in metrics.items() if value is not None}
        concurrency = number(row[index["concurrency"]]) if "concurrency" in index else None
        threads = number(row[index["threads"]]) if "threads" in index else None
        timestamp = row[index["timestamp"]] or None if "timestamp" in index else None
        variant = Variant(source, row[index["variant"]], row[index["design"]], row[index["decode"]],
                          int(row[index["shards"]]), metrics, whole(concurrency), whole(threads), timestamp)
        # The threads column comes after the metrics start; it names the cell, it is no figure.
        metrics.pop("threads", None)
        points = [(1 / (1 - p), metrics[name]) for name, p in CSV_PERCENTILES if name in metrics]
        if "latency_max_ns" in metrics and "requests" in metrics:
            points.append((max(metrics["requests"], points[-1][0] if points else 1), metrics["latency_max_ns"]))
        if points:
            variant.spectrum = points
            variant.spectrum_is_sparse = True
        variants.append(variant)
    return variants


def load_histogram_csv(path, source, header, rows):
    """Spectra keyed like Variant.key(), from the latency rows of a histogram CSV."""
    index = {name: position for position, name in enumerate(header)}
    spectra = OrderedDict()
    totals = {}
    for row in rows:
        if row[index["histogram"]] != "latency":
            continue
        key = (source, row[index["variant"]], row[index["decode"]], int(row[index["shards"]]))
        percentile = float(row[index["percentile"]])
        total = int(row[index["total_count"]])
        totals[key] = max(totals.get(key, 0), total)
        spectra.setdefault(key, []).append((percentile, float(row[index["value_ns"]]), row[index["design"]]))
    variants = []
    for key, rows_of_key in spectra.items():
        total = totals[key]
        points = [(1 / (1 - p) if p < 1 else float(total), value) for p, value, _ in rows_of_key]
        for position in range(1, len(points)):
            points[position] = (max(points[position][0], points[position - 1][0]), points[position][1])
        variant = Variant(key[0], key[1], rows_of_key[0][2], key[2], key[3], {})
        variant.spectrum = points
        variants.append(variant)
    return variants


def source_names(paths):
    """A name per input for labels: the file name without extension, or, where files of one name come
    from different directories, the path without extension, so that two runs never share a label."""
    stems = [os.path.splitext(os.path.basename(path))[0] for path in paths]
    names = []
    for path, stem in zip(paths, stems):
        directories = {os.path.dirname(os.path.abspath(other)) for other, s in zip(paths, stems) if s == stem}
        names.append(os.path.splitext(os.path.normpath(path))[0] if len(directories) > 1 else stem)
    return names


def deduplicate(variants):
    """`variants` with each variant of one run kept once (see Variant.identity), in order of first
    appearance, and how many were dropped. The one kept takes the other's full spectrum when it has only
    a results CSV's points, and any metric it lacks."""
    kept = []
    by_identity = {}
    dropped = 0
    for variant in variants:
        identity = variant.identity()
        first = by_identity.get(identity) if identity is not None else None
        if first is None:
            if identity is not None:
                by_identity[identity] = variant
            kept.append(variant)
            continue
        dropped += 1
        richer = first.spectrum is None or (first.spectrum_is_sparse and not variant.spectrum_is_sparse)
        if variant.spectrum and richer:
            first.spectrum, first.spectrum_is_sparse = variant.spectrum, variant.spectrum_is_sparse
        for name, value in variant.metrics.items():
            first.metrics.setdefault(name, value)
    return kept, dropped


def malformation(error):
    """What was wrong with a file that looked like a result but did not hold together, in a few words:
    `no field 'variant'` for a missing key, `a field holds the wrong kind of value` for a list where an
    object belongs, else the exception's own message."""
    if isinstance(error, KeyError):
        return f"no field {error.args[0]!r}" if error.args else "a field is missing"
    if isinstance(error, (TypeError, AttributeError)):
        # Python's own words ('NoneType' object has no attribute 'get') name no field a person wrote.
        return "a field holds the wrong kind of value"
    return str(error) or type(error).__name__


def output_directory_error(directory):
    """None when `directory` exists as a directory or can be made; else why the charts cannot go there."""
    if os.path.exists(directory) and not os.path.isdir(directory):
        return f"-o {directory}: not a directory"
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as error:
        return f"-o {directory}: cannot be made ({error.strerror or error})"
    return None


def load(paths):
    """Every variant of every input, each variant of a run once (deduplicate); a spectrum from a histogram
    CSV joins the same variant's metrics. Returns the variants and whether labels name their input."""
    sources = source_names(paths)
    variants = []
    spectra = []
    for path, source in zip(paths, sources):
        if os.path.isdir(path):
            raise InputError(f"{path}: a directory, not a result file")
        if not os.path.isfile(path):
            raise InputError(f"{path}: no such file")
        try:
            with open(path, encoding="utf-8") as handle:
                start = handle.read(64).lstrip()[:1]
            if start == "{":
                variants += load_json(path, source)
                continue
            header, rows = read_csv_rows(path)
            if {"request", "issued_ns", "latency_ns"} <= set(header):
                raise InputError(f"{path}: a --raw-latencies file, which scripts/plot does not read; give the"
                                 " run's --json, --csv or --histogram-csv")
            if "one_over_one_minus_percentile" in header:
                spectra += load_histogram_csv(path, source, header, rows)
            else:
                variants += load_results_csv(path, source, header, rows)
        except OSError as error:
            raise InputError(f"{path}: cannot be read ({error.strerror or error})")
        except UnicodeDecodeError:
            raise InputError(f"{path}: not text; a cachebench result is UTF-8 JSON or CSV")
        except (KeyError, ValueError, IndexError, TypeError, AttributeError) as error:
            raise InputError(f"{path}: not a cachebench result this script can read ({malformation(error)})")
    variants, dropped = deduplicate(variants)
    if dropped:
        print(f"plot: {dropped} variant(s) appear in more than one input (the same run); each is drawn once",
              file=sys.stderr)
    # A histogram CSV named like a results file of the same run pairs with it by variant identity.
    by_identity = {(v.name, v.decode, v.shards): v for v in variants}
    for spectrum in spectra:
        match = by_identity.get((spectrum.name, spectrum.decode, spectrum.shards))
        if match is not None and (match.spectrum is None or match.spectrum_is_sparse):
            match.spectrum = spectrum.spectrum
            match.spectrum_is_sparse = False
        elif match is None:
            variants.append(spectrum)
    return variants, len({v.source for v in variants}) > 1


def assign_colours(variants):
    """Colours each variant by its name (design and shard count): the design's own colour while every
    design appears under one name (a built-in's fixed colour, any other design's chosen from its name,
    plot_groups.design_colours), else one colour per name, in order, so a sweep's shard counts differ.
    """
    names = list(OrderedDict.fromkeys(v.name for v in variants))
    designs = [v.design for v in variants]
    by_design = len(names) == len(set(designs))
    if by_design:
        by_name = design_colours(designs)
        colours = {v.name: by_name[v.design] for v in variants}
    else:
        palette = plt.get_cmap("tab10" if len(names) <= 10 else "viridis")
        steps = max(1, len(names) - 1)
        colours = {
            name: palette(index) if len(names) <= 10 else palette(index / steps)
            for index, name in enumerate(names)
        }
    for variant in variants:
        variant.colour = colours[variant.name]
    return "design" if by_design else "variant"


def mark_labels(variants, with_source):
    """Makes every label name its concurrency and client threads when the inputs hold more than one (a
    sweep's cells), and numbers the runs of a label that would still stand for several (two runs in one
    concatenated CSV), so that no two bars or lines carry the same label."""
    if len({v.concurrency for v in variants}) > 1:
        for variant in variants:
            variant.shows_concurrency = True
    if len({v.threads for v in variants}) > 1:
        for variant in variants:
            variant.shows_threads = True
    by_label = OrderedDict()
    for variant in variants:
        by_label.setdefault(variant.label(with_source), []).append(variant)
    for same in by_label.values():
        if len(same) > 1:
            for number_, variant in enumerate(same, start=1):
                variant.run_number = number_


def cell_title(cell):
    threads, concurrency = cell
    text = f"{concurrency} clients (c={concurrency})" if concurrency is not None else "clients not known"
    if threads is not None:
        text += f" on {threads} threads (t={threads})"
    return text


def spectrum_panels(variants):
    """The latency-spectrum panels: [(cell, [variant, ...])], one per (threads, concurrency) of the
    variants that have a spectrum, in ascending order, so that a sweep's cells are not drawn over each
    other."""
    drawn = [v for v in variants if v.spectrum]
    cells = sorted({v.cell() for v in drawn}, key=lambda cell: tuple(-1 if c is None else c for c in cell))
    return [(cell, [v for v in drawn if v.cell() == cell]) for cell in cells]


def series_key(variant):
    """What one spectrum series is across the panels of a sweep: the same variant of the same run and
    input, at every concurrency."""
    return (variant.source, variant.timestamp, variant.run_number, variant.name, variant.decode,
            variant.spectrum_is_sparse)


def spectrum_styles(variants):
    """A matplotlib style per variant, the same for every variant of one series (series_key) and no two
    series alike: colour from its design or name (assign_colours); a full spectrum is a line whose style
    is the decode placement, a results CSV's percentiles are unjoined markers whose shape is the decode
    placement (nothing is known between them); series that still look alike (one variant from several
    runs) get a marker, or a marker fill, each."""
    by_series = OrderedDict()
    seen = {}
    for variant in variants:
        key = series_key(variant)
        if key in by_series:
            continue
        colour = variant_colour(variant)
        if variant.spectrum_is_sparse:
            look = (str(colour), "points", DECODE_MARKERS.get(variant.decode, "*"))
        else:
            look = (str(colour), "line", str(DECODE_STYLES.get(variant.decode, "-.")))
        repeat = seen.get(look, 0)
        seen[look] = repeat + 1
        if variant.spectrum_is_sparse:
            by_series[key] = {"color": colour, "linestyle": "None", "marker": look[2],
                              "fillstyle": EXTRA_FILLS[repeat % len(EXTRA_FILLS)]}
        else:
            by_series[key] = {"color": colour, "linestyle": DECODE_STYLES.get(variant.decode, "-."),
                              "marker": "" if repeat == 0 else EXTRA_MARKERS[(repeat - 1) % len(EXTRA_MARKERS)],
                              "fillstyle": "full"}
    return [by_series[series_key(variant)] for variant in variants]


def latency_unit(values_ns):
    largest = max(values_ns)
    if largest >= 10e6:
        return 1e6, "ms"
    if largest >= 10e3:
        return 1e3, "µs"
    return 1.0, "ns"


def interval_note(variants, figures):
    """'75% interval of the median of 3 repetitions' for the variants that have one of `figures`."""
    with_interval = [v for v in variants if any(v.interval(f) for f in figures)]
    levels = sorted({v.metric("ci_level") for v in with_interval if v.metric("ci_level") is not None})
    counts = sorted({int(v.metric("repetitions")) for v in with_interval if v.metric("repetitions") is not None})
    level = "/".join(f"{100 * value:.4g}%" for value in levels) or "the"
    count = "/".join(str(c) for c in counts) or "N"
    return f"{level} interval of the median of {count} repetitions"


def spectrum_figure(variants, with_source, colour_key):
    panels = spectrum_panels(variants)
    if not panels:
        return None, "no latency spectra or percentiles in the inputs"
    drawn = [v for _, members in panels for v in members]
    columns = 1 if len(panels) == 1 else 2
    rows = math.ceil(len(panels) / columns)
    width = 10 if columns == 1 else 14
    figure, axes_grid = plt.subplots(rows, columns, figsize=(width, 6.5 * rows if rows == 1 else 5.5 * rows),
                                     sharex=True, sharey=True, squeeze=False)
    all_axes = [axes for row in axes_grid for axes in row]
    right = 10.0
    whiskers = False
    styles = dict(zip(map(id, drawn), spectrum_styles(drawn)))
    # One legend for every panel: a series has one style in all of them, its label without the cell.
    legend = OrderedDict()
    for axes, (cell, members) in zip(all_axes, panels):
        for variant in members:
            xs = [x for x, _ in variant.spectrum]
            ys = [max(value, 1) for _, value in variant.spectrum]
            right = max(right, xs[-1])
            label = variant.label(with_source, with_cell=len(panels) == 1)
            if variant.spectrum_is_sparse:
                line = axes.plot(xs, ys, markersize=5, alpha=0.85, label=label, **styles[id(variant)])[0]
            else:
                line = axes.step(xs, ys, where="pre", linewidth=1.8, markevery=0.1, markersize=5, label=label,
                                 **styles[id(variant)])[0]
            legend.setdefault(series_key(variant), (line, label))
        whiskers |= draw_latency_intervals(axes, members)
        if len(panels) > 1:
            axes.set_title(cell_title(cell), fontsize=10)
    for axes in all_axes[len(panels):]:
        axes.set_visible(False)
    # 1/(1-0.9999) is 10000.000000001: a rounding error must not add an empty decade.
    decades = max(1, math.ceil(math.log10(right) - 1e-9))
    ticks = [1.0, 2.0] + [10.0**power for power in range(1, decades + 1)]
    for axes in all_axes[:len(panels)]:
        axes.set_xscale("log")
        axes.set_yscale("log")
        axes.xaxis.set_major_locator(FixedLocator(ticks))
        axes.xaxis.set_minor_locator(NullLocator())
        axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: percentile_label(value)))
        axes.set_xlim(1, ticks[-1] * 1.15)
        axes.yaxis.set_major_locator(LogLocator(base=10))
        axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _: duration_label(value)))
        axes.grid(True, which="major", alpha=0.35)
        axes.grid(True, which="minor", axis="y", alpha=0.12)
    for axes in axes_grid[-1]:
        axes.set_xlabel("percentile (log scale of 1/(1−p): each step right is ten times rarer)", fontsize=9)
    for row in axes_grid:
        row[0].set_ylabel("request latency (log scale)")
    title = "Request latency by percentile, per variant"
    if len(panels) > 1:
        title += ", one panel per client count (same axes)"
    figure.suptitle(title)
    notes = [f"colour: {colour_key}"]
    if any(not v.spectrum_is_sparse for v in drawn):
        lines = [v for v in drawn if not v.spectrum_is_sparse]
        notes.append(f"line: decode ({decode_note(lines, DECODE_STYLE_WORDS, 'dash-dot')})")
    if any(v.spectrum_is_sparse for v in drawn):
        sparse = [v for v in drawn if v.spectrum_is_sparse]
        notes.append(f"points: decode ({decode_note(sparse, DECODE_MARKER_WORDS, 'star')}); from a results CSV"
                     " only p50, p90, p99, p99.9, p99.99 and max are known, so they are not joined")
    if any(style["marker"] and not style["linestyle"] == "None" or style["fillstyle"] != "full"
           for style in styles.values()):
        notes.append("a line's marker, a point's fill: which run, where one variant comes from several")
    if whiskers:
        note = (f"whiskers at p50 and p99: {interval_note(drawn, ('latency_p50', 'latency_p99'))},"
                " spread sideways a little")
        # Only a full spectrum is a line; a results CSV's points are the medians the whiskers are about.
        if any(not v.spectrum_is_sparse and (v.interval("latency_p50") or v.interval("latency_p99"))
               for v in drawn):
            note += "; lines: every repetition's requests pooled"
        notes.append(note)
    figure.text(0.99, 0.005, "\n".join(" · ".join(notes[i:i + 2]) for i in range(0, len(notes), 2)),
                ha="right", va="bottom", fontsize=8, color="#555555")
    figure.tight_layout(rect=(0, 0.02 + 0.015 * math.ceil(len(notes) / 2), 1, 1))
    # Beside the panels, not over them: inside, it hid the p90 points of a results CSV.
    figure.legend([line for line, _ in legend.values()], [label for _, label in legend.values()],
                  loc="upper left", bbox_to_anchor=(1.0, 0.95), fontsize=8, framealpha=0.9)
    return figure, None


def draw_latency_intervals(axes, members):
    """Whiskers at p50 (x = 2) and p99 (x = 100) for each member of a --repeat run: a tick at the median
    over the repetitions and a bar over its interval, spread sideways so that they do not hide each other.
    Returns whether any was drawn."""
    with_interval = [v for v in members if v.interval("latency_p50") or v.interval("latency_p99")]
    for position, variant in enumerate(with_interval):
        spread = 1.035 ** (position - (len(with_interval) - 1) / 2)
        for figure, x in (("latency_p50", 2.0), ("latency_p99", 100.0)):
            interval = variant.interval(figure)
            if interval is None:
                continue
            median, low, high = interval
            axes.errorbar([x * spread], [median], yerr=[[max(median - low, 0)], [max(high - median, 0)]],
                          fmt="_", markersize=8, color=getattr(variant, "colour", "#7f7f7f"), capsize=3,
                          elinewidth=1.2, label="_interval")
    return bool(with_interval)


def duration_label(nanoseconds):
    """A tick value in nanoseconds as a person reads it: 100ns, 10µs, 1ms, 2s."""
    for scale, unit in ((1e9, "s"), (1e6, "ms"), (1e3, "µs")):
        if nanoseconds >= scale:
            return f"{nanoseconds / scale:g}{unit}"
    return f"{nanoseconds:g}ns"


def percentile_label(x):
    if x <= 1:
        return "0%"
    percent = 100 * (1 - 1 / x)
    digits = max(0, round(math.log10(x)) - 2)
    return f"{percent:.{digits}f}%"


def horizontal_bars(axes, variants, values, with_source, value_text, intervals=None):
    """Bars of `values`, one per variant; `intervals`, when given, a (low, high) or None per variant, drawn
    as whiskers in the values' unit."""
    labels = [v.label(with_source) for v in variants]
    positions = list(range(len(variants)))[::-1]
    bars = axes.barh(positions, values, color=[variant_colour(v) for v in variants], edgecolor="black",
                     linewidth=0.6)
    for bar, variant in zip(bars, variants):
        bar.set_hatch(DECODE_HATCHES.get(variant.decode, ""))
    intervals = intervals or [None] * len(variants)
    whiskered = [(p, v, i) for p, v, i in zip(positions, values, intervals) if i is not None]
    if whiskered:
        axes.errorbar([v for _, v, _ in whiskered], [p for p, _, _ in whiskered],
                      xerr=[[max(v - i[0], 0) for _, v, i in whiskered], [max(i[1] - v, 0) for _, v, i in whiskered]],
                      fmt="none", ecolor="black", elinewidth=1.2, capsize=4, label="_interval")
    axes.set_yticks(positions)
    axes.set_yticklabels(labels, fontsize=9)
    axes.set_ylim(-0.6, len(variants) - 0.4)
    ends = [max(value, interval[1]) if interval else value for value, interval in zip(values, intervals)]
    largest = max(ends) if ends and max(ends) > 0 else 1
    axes.set_xlim(0, largest * 1.22)
    for position, value, end in zip(positions, values, ends):
        axes.text(end + largest * 0.01, position, value_text(value), va="center", fontsize=8)
    axes.grid(True, axis="x", alpha=0.3)


def variant_colour(variant):
    return getattr(variant, "colour", "#7f7f7f")


def throughput_figure(variants, with_source, colour_key):
    drawn = [v for v in variants if v.metric("throughput") is not None]
    if not drawn:
        return None, "no throughput figures in the inputs"
    figure, (left, right) = plt.subplots(1, 2, figsize=(13, 0.5 * len(drawn) + 2.2), sharey=True)
    throughput = [v.metric("throughput") / 1e3 for v in drawn]
    intervals = [(i[1] / 1e3, i[2] / 1e3) if (i := v.interval("throughput")) else None for v in drawn]
    horizontal_bars(left, drawn, throughput, with_source, lambda value: f"{value:,.1f}k", intervals)
    left.set_xlabel("throughput [thousand requests/s] (higher is better)")
    left.set_title("Throughput")
    duplicates = [v.metric("duplicate_fetches") or 0 for v in drawn]
    horizontal_bars(right, drawn, duplicates, with_source, lambda value: f"{value:,.0f}")
    right.xaxis.set_major_locator(MaxNLocator(integer=True))
    right.set_xlabel("duplicate fetches [count] (lower is better)")
    right.set_title("Duplicate fetches (counted at the fetcher)")
    title = "Throughput and duplicate fetches per variant"
    if any(v.metric("repetitions") not in (None, 1) for v in drawn):
        title += " (medians over repetitions)"
    figure.suptitle(title)
    hatches = decode_note(drawn, DECODE_HATCH_WORDS, "plain")
    note = f"colour: {colour_key} · hatch: decode ({hatches})"
    if any(intervals):
        note += f" · whiskers: {interval_note(drawn, ('throughput',))}"
    figure.text(0.99, 0.005, note, ha="right", fontsize=8, color="#555555")
    # Room for the title in inches, not a share of the height: a sweep's tall chart put it over the panels'.
    height = figure.get_figheight()
    figure.tight_layout(rect=(0, 0.3 / height, 1, 1 - 0.35 / height))
    return figure, None


def byte_unit(values):
    """(scale, name) of the unit in which the largest magnitude of `values` reads at least 1: B, KiB, MiB
    or GiB, so that a panel of KiB-sized figures is not drawn on a MiB axis."""
    largest = max([abs(value) for value in values] + [0])
    for scale, name in ((2**30, "GiB"), (2**20, "MiB"), (2**10, "KiB")):
        if largest >= scale:
            return scale, name
    return 1, "B"


def memory_panels(variants):
    """The memory chart's panels: [(title, columns, (scale, unit))]. Each own-window column has a panel of
    its own, scaled to its values (retained_bytes is often KiB where allocated_delta_bytes is MiB); the
    cumulative process totals share one."""
    panels = []
    for name in OWN_MEMORY_COLUMNS:
        values = [v.metric(name) for v in variants if v.metric(name) is not None]
        if values:
            title = {"allocated_delta_bytes": "Its own window: growth over it",
                     "retained_bytes": "Its own window: kept after its cache was released",
                     "peak_rss_bytes": "Its own window: peak resident set"}[name]
            panels.append((title, [name], byte_unit(values)))
    process = [name for name in PROCESS_MEMORY_COLUMNS if any(v.metric(name) is not None for v in variants)]
    if process:
        values = [v.metric(name) for v in variants for name in process if v.metric(name) is not None]
        panels.append(("Process at window end (cumulative)", process, byte_unit(values)))
    return panels


def memory_panel(axes, drawn, columns, unit, palette, labels):
    """Grouped horizontal bars of `columns` (in `unit`) per variant of `drawn`; n/a where not measured."""
    scale, _ = unit
    height = 0.8 / len(columns)
    positions = list(range(len(drawn)))[::-1]
    for offset, name in enumerate(columns):
        values = [(v.metric(name) or 0) / scale for v in drawn]
        shifted = [p + (len(columns) / 2 - offset - 0.5) * height for p in positions]
        axes.barh(shifted, values, height=height, color=palette[offset % len(palette)], label=name)
        for y, value, variant in zip(shifted, values, drawn):
            text = memory_text(variant.metric(name))
            axes.text(max(value, 0), y, " " + text, va="center", fontsize=7)
    axes.set_yticks(positions)
    axes.set_yticklabels(labels, fontsize=9)
    axes.set_ylim(-0.6, len(drawn) - 0.4)
    values = [(v.metric(name) or 0) / scale for v in drawn for name in columns]
    largest = max(values + [1e-9])
    smallest = min(values + [0])
    axes.set_xlim(smallest * 1.15, largest * 1.25)
    axes.axvline(0, color="#333333", linewidth=0.6)
    axes.grid(True, axis="x", alpha=0.3)
    axes.legend(fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=len(columns), frameon=False)


def memory_text(value):
    """A bar's figure: MiB from 1 MiB up, KiB below, signed when negative; n/a when not measured."""
    if value is None:
        return "n/a"
    if abs(value) >= 1048576:
        return f"{value / 1048576:,.1f} MiB"
    if abs(value) < 512:
        return f"{value:,.0f} B"
    return f"{value / 1024:,.1f} KiB"


# What the memory chart's footer says of a figure, when the chart draws it.
MEMORY_FOOTNOTES = [
    ("allocated_delta_bytes", "allocated_delta_bytes: jemalloc's allocated at the window's end less at its start"),
    ("retained_bytes", "retained_bytes: allocated once the variant's cache was released, less before its window"
                       " (histograms excluded)"),
    ("bytes_per_entry", "KiB/entry: bytes_per_entry"),
]


def memory_figure(variants, with_source):
    panels = memory_panels(variants)
    if not panels:
        return None, f"no memory columns ({', '.join(MEMORY_COLUMNS)}) in the inputs"
    columns = [name for _, names, _ in panels for name in names]
    drawn = [v for v in variants if any(v.metric(name) is not None for name in columns)]
    figure, axes_list = plt.subplots(
        1, len(panels), figsize=(5.5 * len(panels) + 1.5, 0.5 * len(drawn) * 2**0.5 + 2.8), sharey=True,
        squeeze=False)
    labels = []
    for variant in drawn:
        label = variant.label(with_source)
        per_entry = variant.metric("bytes_per_entry")
        labels.append(f"{label}\n{per_entry / 1024:,.2f} KiB/entry" if per_entry is not None else label)
    for axes, (title, names, unit) in zip(axes_list[0], panels):
        cumulative = names[0] in PROCESS_MEMORY_COLUMNS
        palette = ["#bbbbbb", "#999999", "#666666"] if cumulative else (
            ["#4c72b0"] if names == ["allocated_delta_bytes"] else ["#55a868"])
        memory_panel(axes, drawn, names, unit, palette, labels)
        axes.set_title(title, fontsize=10, pad=22)
        axes.set_xlabel(f"memory [{unit[1]}] (lower is better; n/a: not measured)")
    figure.suptitle("Memory per variant, in run order: compare the own-window panels across variants (each on"
                    " its own scale); the process panel also holds what the process kept from the variants"
                    " before", fontsize=10, y=1 - 0.08 / figure.get_figheight(), va="top")
    # The footer explains only what is drawn: a run that measured none of these has no line for them.
    notes = [note for name, note in MEMORY_FOOTNOTES if name in columns
             or (name == "bytes_per_entry" and any(v.metric(name) is not None for v in drawn))]
    if notes:
        figure.text(0.99, 0.005, " · ".join(notes), ha="right", fontsize=7, color="#555555")
    # Margins in inches, as for the throughput chart: a sweep's tall chart put the title over the panels'.
    height = figure.get_figheight()
    figure.tight_layout(rect=(0, 0.3 / height, 1, 1 - 0.4 / height))
    return figure, None


def shard_points(runs, metric, scale):
    """(median, values, interval) of `metric` over the runs measured at one shard count: the median of
    the runs, as everywhere in cachebench; each run's value; and, for a single --repeat run, its median's
    interval (low, high), else None."""
    values = [v.metric(metric) / scale for v in runs if v.metric(metric) is not None]
    median = statistics.median(values) if values else float("nan")
    interval = None
    if len(runs) == 1:
        figure = {"throughput": "throughput", "latency_p99_ns": "latency_p99"}[metric]
        found = runs[0].interval(figure)
        if found is not None:
            interval = (found[1] / scale, found[2] / scale)
    return median, values, interval


def shard_scaling_figure(variants):
    series = shard_series(variants)
    if not series:
        return None, ("the inputs hold no design whose variants carry a shard count, NAME(N), at two or more "
                      "shard counts (run a sweep)")
    shard_counts = sorted({s for by_decode in series.values() for by in by_decode.values() for s in by})
    several = len(series) > 1
    colours = design_colours(list(series)) if several else {}
    figure, (left, right) = plt.subplots(1, 2, figsize=(13, 5.8))
    p99_scale, p99_unit = latency_unit(
        [v.metric("latency_p99_ns") for by_decode in series.values() for by in by_decode.values()
         for vs in by.values() for v in vs if v.metric("latency_p99_ns") is not None] or [1])
    decode_order = list(DECODE_STYLES)
    concurrencies = sorted({c for by_series in series.values() for (_, c) in by_series if c is not None})
    markers = ["o", "s", "^", "D", "v", "P", "X"]
    repeated = False
    whiskers = False
    for design, by_series in series.items():
        ordered = sorted(by_series, key=lambda key: (
            decode_order.index(key[0]) if key[0] in decode_order else 9, key[1] if key[1] is not None else -1))
        for decode, concurrency in ordered:
            by_shards = by_series[(decode, concurrency)]
            shards = sorted(by_shards)
            line = DECODE_STYLES.get(decode, "-.")
            label = f"{design} decode {decode}" if several else f"decode {decode}"
            if concurrency is not None and len(concurrencies) > 1:
                label += f", {concurrency} clients"
            marker = markers[concurrencies.index(concurrency) % len(markers)] if concurrency in concurrencies else "o"
            style = {"color": colours[design]} if several else {}
            for axes, metric, scale in ((left, "throughput", 1e3), (right, "latency_p99_ns", p99_scale)):
                points = [shard_points(by_shards[s], metric, scale) for s in shards]
                drawn = axes.plot(shards, [median for median, _, _ in points], linestyle=line, marker=marker,
                                  linewidth=2, label=label, **style)[0]
                for s, (_, values, interval) in zip(shards, points):
                    if len(values) > 1:
                        repeated = True
                        axes.scatter([s] * len(values), values, s=12, color="#555555", alpha=0.6, zorder=3,
                                     label="_run")
                    if interval is not None:
                        whiskers = True
                        median = statistics.median(values)
                        axes.errorbar([s], [median], yerr=[[max(median - interval[0], 0)],
                                                           [max(interval[1] - median, 0)]],
                                      fmt="none", ecolor=drawn.get_color(), capsize=4, elinewidth=1.2,
                                      label="_interval")
    for axes in (left, right):
        axes.set_xscale("log", base=2)
        axes.xaxis.set_major_locator(FixedLocator(shard_counts))
        axes.xaxis.set_minor_locator(NullLocator())
        axes.set_xticklabels([str(s) for s in shard_counts])
        axes.set_xlabel("shards (actors)")
        axes.grid(True, alpha=0.3)
        axes.legend(fontsize=9)
    left.set_ylabel("throughput [thousand requests/s]")
    left.set_title("Throughput vs shards (higher is better)")
    left.set_ylim(bottom=0)
    right.set_ylabel(f"p99 request latency [{p99_unit}]")
    right.set_title("p99 latency vs shards (lower is better)")
    right.set_ylim(bottom=0)
    names = list(series)
    if names == ["sharded"]:
        subject = "Sharded design"
    elif several:
        subject = "Sharded designs " + ", ".join(names)
    else:
        subject = f"Sharded design {names[0]}"
    title = (f"{subject}: scaling with the number of shards (one line per decode placement and client count)")
    explained = []
    if repeated:
        explained.append("a point is the median of the runs that measured it, grey dots: each run")
    if whiskers:
        every = [v for by in series.values() for b in by.values() for vs in b.values() for v in vs]
        explained.append(f"whiskers: {interval_note(every, ('throughput', 'latency_p99'))}")
    if explained:
        title += "\n" + "; ".join(explained)
    figure.suptitle(title, fontsize=11)
    figure.tight_layout()
    return figure, None


def save(figure, directory, name):
    path = os.path.join(directory, name)
    # "tight" takes in a legend placed beside the axes.
    figure.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(figure)
    return path


class UsageParser(argparse.ArgumentParser):
    """argparse whose usage errors are one line on stderr and exit 64 (cachebench's usage code), not
    argparse's usage block and exit 2, which scripts and CI read as a gate regression."""

    def error(self, message):
        self.exit(USAGE_ERROR, f"plot: {message} (usage: scripts/plot [-o DIR] RESULTS...; see --help)\n")


def parser():
    result = UsageParser(
        prog="scripts/plot",
        description="Draw PNG charts from cachebench results (JSON, results CSV, histogram CSV).",
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    result.add_argument("results", nargs="+", help="result files: --json, --csv or --histogram-csv output")
    result.add_argument("-o", "--output", default="plots", help="directory for the PNGs (default: plots)")
    return result


CHARTS = ["latency-spectrum.png", "throughput-duplicates.png", "memory.png", "shard-scaling.png"]


def figures(variants, with_source):
    """(figure or None, why not) per chart of CHARTS, for variants already loaded."""
    mark_labels(variants, with_source)
    colour_key = assign_colours(variants)
    return [
        spectrum_figure(variants, with_source, colour_key),
        throughput_figure(variants, with_source, colour_key),
        memory_figure(variants, with_source),
        shard_scaling_figure(variants),
    ]


def main(arguments):
    options = parser().parse_args(arguments)
    try:
        variants, with_source = load(options.results)
    except InputError as error:
        print(f"plot: {error}", file=sys.stderr)
        return USAGE_ERROR
    if not variants:
        print("plot: the inputs hold no variants", file=sys.stderr)
        return USAGE_ERROR
    # Checked before drawing, so a bad -o costs no time and leaves one line, not a traceback.
    problem = output_directory_error(options.output)
    if problem is not None:
        print(f"plot: {problem}", file=sys.stderr)
        return USAGE_ERROR
    for (figure, reason), name in zip(figures(variants, with_source), CHARTS):
        if figure is None:
            print(f"plot: skipped {name}: {reason}", file=sys.stderr)
            continue
        try:
            print(save(figure, options.output, name))
        except OSError as error:
            print(f"plot: cannot write {os.path.join(options.output, name)}: {error.strerror or error}",
                  file=sys.stderr)
            return USAGE_ERROR
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
