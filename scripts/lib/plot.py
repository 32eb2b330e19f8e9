"""Draws PNG charts from cachebench results. Run through scripts/plot, which sets up matplotlib.

Inputs, any mix, each recognised by its content:
  - a result JSON (--json; "schema": 1, "kind": "result"): metrics and full histograms per variant;
  - a results CSV (--csv), or several concatenated (repeated header lines are skipped): metrics only;
  - a histogram CSV (--histogram-csv): full percentile spectra per variant.

Charts, each written only when the inputs hold what it needs (otherwise a line says why it was skipped):
  latency-spectrum.png      request latency against percentile on the log(1/(1-p)) axis, per variant
                            (full spectra from JSON or histogram CSV; from a results CSV, its
                            p50...p99.99 and max points only)
  throughput-duplicates.png throughput and duplicate fetches per variant
  memory.png                per variant, left: what its own window cost (allocated_delta_bytes, the
                            growth over its window; retained_bytes, what stayed once its cache was
                            released) and, as text, bytes_per_entry; right: the process totals at its
                            window's end (allocated_bytes, resident_bytes, peak_rss_bytes), which are
                            cumulative: they include what earlier variants of the same process left
  shard-scaling.png         throughput and p99 against shard count, one line per decode placement and
                            concurrency (and per design when several), for every design whose variant
                            names carry a shard count, NAME(N) (the built-in sharded(8), a user's
                            image-sharded(4)), at two or more shard counts

Labels carry the concurrency (`c=64`) whenever the inputs hold more than one, as a sweep's do.

Colours: the built-in designs keep theirs; a user's design gets one chosen from its name, the same in
every chart (scripts/lib/plot_groups.py).
"""

import argparse
import csv
import json
import math
import os
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


def decode_note(variants, words, unlisted):
    """The decode placements among `variants` in DECODE_STYLES's order, each after its word in `words`
    (`unlisted` for one not there): 'solid inside, dashed outside'."""
    present = {v.decode for v in variants}
    ordered = [d for d in DECODE_STYLES if d in present] + sorted(present - set(DECODE_STYLES))
    return ", ".join(f"{words.get(d, unlisted)} {d}" for d in ordered)


# Per variant: what its own window allocated, and what stayed allocated after its cache was released.
OWN_MEMORY_COLUMNS = ["allocated_delta_bytes", "retained_bytes"]
# Process-wide at the window's end: cumulative over the variants a process ran before it.
PROCESS_MEMORY_COLUMNS = ["allocated_bytes", "resident_bytes", "peak_rss_bytes"]
MEMORY_COLUMNS = OWN_MEMORY_COLUMNS + PROCESS_MEMORY_COLUMNS
CSV_PERCENTILES = [
    ("latency_p50_ns", 0.5),
    ("latency_p90_ns", 0.9),
    ("latency_p99_ns", 0.99),
    ("latency_p999_ns", 0.999),
    ("latency_p9999_ns", 0.9999),
]


class InputError(Exception):
    """An input file that cannot be read as cachebench results; the message names it."""


class Variant:
    """One measured variant of one input: identity, metrics, and its latency spectrum if known."""

    def __init__(self, source, name, design, decode, shards, metrics, concurrency=None):
        self.source = source
        # Clients of the run or sweep cell; None when the input does not say.
        self.concurrency = concurrency
        # Whether labels name the concurrency: set when the inputs hold more than one (mark_concurrency).
        self.shows_concurrency = False
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

    def label(self, with_source):
        text = f"{self.name}/{self.decode}"
        if self.shows_concurrency and self.concurrency is not None:
            text += f" c={self.concurrency}"
        return f"{self.source}: {text}" if with_source else text

    def metric(self, name):
        return self.metrics.get(name)


def number(text):
    """A CSV field as a float; empty (not applicable, nothing measured) is None."""
    if text is None or text == "":
        return None
    try:
        return float(text)
    except ValueError:
        return None


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
    concurrency = (document.get("scenario") or {}).get("concurrency")
    for record in document.get("variants", []):
        variant = Variant(
            source,
            record["variant"],
            record["design"],
            record["decode"],
            record["shards"],
            {name: value for name, value in record["metrics"].items() if isinstance(value, (int, float))},
            int(concurrency) if isinstance(concurrency, (int, float)) else None,
        )
        latency = record.get("histograms", {}).get("latency")
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
        variant = Variant(source, row[index["variant"]], row[index["design"]], row[index["decode"]],
                          int(row[index["shards"]]), metrics,
                          int(concurrency) if concurrency is not None else None)
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


def load(paths):
    """Every variant of every input; a spectrum from a histogram CSV joins the same variant's metrics."""
    sources = [os.path.splitext(os.path.basename(path))[0] for path in paths]
    variants = []
    spectra = []
    for path, source in zip(paths, sources):
        if not os.path.isfile(path):
            raise InputError(f"{path}: no such file")
        with open(path, encoding="utf-8") as handle:
            start = handle.read(64).lstrip()[:1]
        if start == "{":
            variants += load_json(path, source)
            continue
        header, rows = read_csv_rows(path)
        if "one_over_one_minus_percentile" in header:
            spectra += load_histogram_csv(path, source, header, rows)
        else:
            variants += load_results_csv(path, source, header, rows)
    # A histogram CSV named like a results file of the same run pairs with it by variant identity.
    by_identity = {(v.name, v.decode, v.shards): v for v in variants}
    for spectrum in spectra:
        match = by_identity.get((spectrum.name, spectrum.decode, spectrum.shards))
        if match is not None and (match.spectrum is None or match.spectrum_is_sparse):
            match.spectrum = spectrum.spectrum
            match.spectrum_is_sparse = False
        elif match is None:
            variants.append(spectrum)
    return variants, len(set(sources)) > 1


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


def mark_concurrency(variants):
    """Makes every label name its concurrency when the inputs hold more than one (a sweep's cells), so
    no two bars or lines of different cells carry the same label."""
    if len({v.concurrency for v in variants}) > 1:
        for variant in variants:
            variant.shows_concurrency = True


def style_for(variant):
    return getattr(variant, "colour", "#7f7f7f"), DECODE_STYLES.get(variant.decode, "-.")


def latency_unit(values_ns):
    largest = max(values_ns)
    if largest >= 10e6:
        return 1e6, "ms"
    if largest >= 10e3:
        return 1e3, "µs"
    return 1.0, "ns"


def plot_spectrum(variants, with_source, directory, colour_key):
    drawn = [v for v in variants if v.spectrum]
    if not drawn:
        return None, "no latency spectra or percentiles in the inputs"
    figure, axes = plt.subplots(figsize=(13 if len(drawn) > 8 else 11, 6.5))
    right = 10.0
    for variant in drawn:
        colour, line = style_for(variant)
        xs = [x for x, _ in variant.spectrum]
        ys = [max(value, 1) for _, value in variant.spectrum]
        right = max(right, xs[-1])
        if variant.spectrum_is_sparse:
            axes.plot(xs, ys, linestyle=line, color=colour, marker="o", markersize=4, linewidth=1.5,
                      label=variant.label(with_source))
        else:
            axes.step(xs, ys, linestyle=line, where="pre", color=colour, linewidth=1.8,
                      label=variant.label(with_source))
    axes.set_xscale("log")
    axes.set_yscale("log")
    decades = max(1, math.ceil(math.log10(right)))
    ticks = [10.0**power for power in range(decades + 1)]
    axes.xaxis.set_major_locator(FixedLocator(ticks))
    axes.xaxis.set_minor_locator(NullLocator())
    axes.set_xticklabels([percentile_label(tick) for tick in ticks])
    axes.set_xlim(1, ticks[-1])
    axes.set_xlabel("percentile (log scale of 1/(1−p): each step right is ten times rarer)")
    axes.yaxis.set_major_locator(LogLocator(base=10))
    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _: duration_label(value)))
    axes.set_ylabel("request latency (log scale)")
    axes.set_title("Request latency by percentile, per variant")
    axes.grid(True, which="major", alpha=0.35)
    axes.grid(True, which="minor", axis="y", alpha=0.12)
    if len(drawn) > 8:
        axes.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1), framealpha=0.9)
    else:
        axes.legend(fontsize=8, loc="upper left", framealpha=0.9)
    note = f"colour: {colour_key} · line: decode ({decode_note(drawn, DECODE_STYLE_WORDS, 'dash-dot')})"
    if any(v.spectrum_is_sparse for v in drawn):
        note += " · dots: from a results CSV, only p50, p90, p99, p99.9, p99.99 and max are known"
    figure.text(0.99, 0.01, note, ha="right", fontsize=8, color="#555555")
    figure.tight_layout(rect=(0, 0.03, 1, 1))
    return save(figure, directory, "latency-spectrum.png"), None


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


def horizontal_bars(axes, variants, values, with_source, value_text):
    labels = [v.label(with_source) for v in variants]
    positions = list(range(len(variants)))[::-1]
    bars = axes.barh(positions, values, color=[style_for(v)[0] for v in variants], edgecolor="black", linewidth=0.6)
    for bar, variant in zip(bars, variants):
        bar.set_hatch(DECODE_HATCHES.get(variant.decode, ""))
    axes.set_yticks(positions)
    axes.set_yticklabels(labels, fontsize=9)
    largest = max(values) if values and max(values) > 0 else 1
    axes.set_xlim(0, largest * 1.22)
    for position, value in zip(positions, values):
        axes.text(value + largest * 0.01, position, value_text(value), va="center", fontsize=8)
    axes.grid(True, axis="x", alpha=0.3)


def plot_throughput_duplicates(variants, with_source, directory, colour_key):
    drawn = [v for v in variants if v.metric("throughput") is not None]
    if not drawn:
        return None, "no throughput figures in the inputs"
    figure, (left, right) = plt.subplots(1, 2, figsize=(13, 0.5 * len(drawn) + 2.2), sharey=True)
    throughput = [v.metric("throughput") / 1e3 for v in drawn]
    horizontal_bars(left, drawn, throughput, with_source, lambda value: f"{value:,.1f}k")
    left.set_xlabel("throughput [thousand requests/s] (higher is better)")
    left.set_title("Throughput")
    duplicates = [v.metric("duplicate_fetches") or 0 for v in drawn]
    horizontal_bars(right, drawn, duplicates, with_source, lambda value: f"{value:,.0f}")
    right.xaxis.set_major_locator(MaxNLocator(integer=True))
    right.set_xlabel("duplicate fetches [count] (lower is better)")
    right.set_title("Duplicate fetches (counted at the fetcher)")
    figure.suptitle("Throughput and duplicate fetches per variant")
    hatches = decode_note(drawn, DECODE_HATCH_WORDS, "plain")
    figure.text(0.99, 0.005, f"colour: {colour_key} · hatch: decode ({hatches})",
                ha="right", fontsize=8, color="#555555")
    figure.tight_layout(rect=(0, 0.02, 1, 1))
    return save(figure, directory, "throughput-duplicates.png"), None


def memory_panel(axes, drawn, columns, palette, labels):
    """Grouped horizontal bars of `columns` (MiB) per variant of `drawn`; n/a where not measured."""
    height = 0.8 / len(columns)
    positions = list(range(len(drawn)))[::-1]
    for offset, name in enumerate(columns):
        values = [(v.metric(name) or 0) / 1048576 for v in drawn]
        shifted = [p + (len(columns) / 2 - offset - 0.5) * height for p in positions]
        axes.barh(shifted, values, height=height, color=palette[offset % len(palette)], label=name)
        for y, value, variant in zip(shifted, values, drawn):
            text = memory_text(variant.metric(name))
            axes.text(max(value, 0), y, " " + text, va="center", fontsize=7)
    axes.set_yticks(positions)
    axes.set_yticklabels(labels, fontsize=9)
    values = [(v.metric(name) or 0) / 1048576 for v in drawn for name in columns]
    largest = max(values + [1e-9])
    smallest = min(values + [0])
    axes.set_xlim(smallest * 1.15, largest * 1.2)
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


def plot_memory(variants, with_source, directory):
    own = [name for name in OWN_MEMORY_COLUMNS if any(v.metric(name) is not None for v in variants)]
    process = [name for name in PROCESS_MEMORY_COLUMNS if any(v.metric(name) is not None for v in variants)]
    if not own and not process:
        return None, f"no memory columns ({', '.join(MEMORY_COLUMNS)}) in the inputs"
    drawn = [v for v in variants if any(v.metric(name) is not None for name in own + process)]
    panels = [(own, "Its own window (not cumulative)"), (process, "Process at window end (cumulative)")]
    panels = [(columns, title) for columns, title in panels if columns]
    figure, axes_list = plt.subplots(
        1, len(panels), figsize=(7 * len(panels), 0.5 * len(drawn) * 2**0.5 + 2.8), sharey=True, squeeze=False)
    labels = []
    for variant in drawn:
        label = variant.label(with_source)
        per_entry = variant.metric("bytes_per_entry")
        labels.append(f"{label}\n{per_entry / 1024:,.2f} KiB/entry" if per_entry is not None else label)
    palettes = {"Its own window (not cumulative)": ["#4c72b0", "#55a868"],
                "Process at window end (cumulative)": ["#bbbbbb", "#999999", "#666666"]}
    for axes, (columns, title) in zip(axes_list[0], panels):
        memory_panel(axes, drawn, columns, palettes[title], labels)
        axes.set_title(title, fontsize=10, pad=22)
        axes.set_xlabel("memory [MiB] (lower is better; n/a: not measured)")
    figure.suptitle("Memory per variant, in run order: compare the left panel across variants; the right one"
                    " also holds what the process kept from the variants before (their results, leftovers)",
                    fontsize=10)
    figure.text(0.99, 0.005, "allocated_delta_bytes: jemalloc's allocated at the window's end less at its"
                " start · retained_bytes: allocated once the variant's cache was released, less before its"
                " window (histograms excluded) · KiB/entry: bytes_per_entry",
                ha="right", fontsize=7, color="#555555")
    figure.tight_layout(rect=(0, 0.02, 1, 1))
    return save(figure, directory, "memory.png"), None


def plot_shard_scaling(variants, directory):
    series = shard_series(variants)
    if not series:
        return None, ("the inputs hold no design whose variants carry a shard count, NAME(N), at two or more "
                      "shard counts (run a sweep)")
    shard_counts = sorted({s for by_decode in series.values() for by in by_decode.values() for s in by})
    several = len(series) > 1
    colours = design_colours(list(series)) if several else {}
    figure, (left, right) = plt.subplots(1, 2, figsize=(13, 5.5))
    p99_scale, p99_unit = latency_unit(
        [v.metric("latency_p99_ns") for by_decode in series.values() for by in by_decode.values()
         for vs in by.values() for v in vs if v.metric("latency_p99_ns") is not None] or [1])
    decode_order = list(DECODE_STYLES)
    concurrencies = sorted({c for by_series in series.values() for (_, c) in by_series if c is not None})
    markers = ["o", "s", "^", "D", "v", "P", "X"]
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
            throughput = [mean([v.metric("throughput") / 1e3 for v in by_shards[s]]) for s in shards]
            left.plot(shards, throughput, linestyle=line, marker=marker, linewidth=2, label=label, **style)
            for s in shards:
                left.scatter([s] * len(by_shards[s]), [v.metric("throughput") / 1e3 for v in by_shards[s]],
                             s=10, color="#555555", alpha=0.5, zorder=3)
            p99 = [mean([v.metric("latency_p99_ns") / p99_scale for v in by_shards[s]
                         if v.metric("latency_p99_ns") is not None])
                   for s in shards]
            right.plot(shards, p99, linestyle=line, marker=marker, linewidth=2, label=label, **style)
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
    figure.suptitle(f"{subject}: scaling with the number of shards (one line per decode placement and"
                    " client count; mean of repeated runs, grey dots: each run)")
    figure.tight_layout()
    return save(figure, directory, "shard-scaling.png"), None


def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else float("nan")


def save(figure, directory, name):
    path = os.path.join(directory, name)
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def main(arguments):
    parser = argparse.ArgumentParser(
        prog="scripts/plot",
        description="Draw PNG charts from cachebench results (JSON, results CSV, histogram CSV).",
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("results", nargs="+", help="result files: --json, --csv or --histogram-csv output")
    parser.add_argument("-o", "--output", default="plots", help="directory for the PNGs (default: plots)")
    options = parser.parse_args(arguments)
    try:
        variants, with_source = load(options.results)
    except InputError as error:
        print(f"plot: {error}", file=sys.stderr)
        return USAGE_ERROR
    except (KeyError, ValueError, IndexError) as error:
        print(f"plot: malformed input: {error!r}", file=sys.stderr)
        return USAGE_ERROR
    if not variants:
        print("plot: the inputs hold no variants", file=sys.stderr)
        return USAGE_ERROR
    os.makedirs(options.output, exist_ok=True)
    mark_concurrency(variants)
    colour_key = assign_colours(variants)
    charts = [
        plot_spectrum(variants, with_source, options.output, colour_key),
        plot_throughput_duplicates(variants, with_source, options.output, colour_key),
        plot_memory(variants, with_source, options.output),
        plot_shard_scaling(variants, options.output),
    ]
    names = ["latency-spectrum.png", "throughput-duplicates.png", "memory.png", "shard-scaling.png"]
    for (path, reason), name in zip(charts, names):
        if path:
            print(path)
        else:
            print(f"plot: skipped {name}: {reason}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
