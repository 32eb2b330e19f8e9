"""Reads the RSS samples of a soak (scripts/soak) and judges them; optionally checks the run's own CSV.

    soak_rss.py RSS_CSV [--run RUN_CSV] [--max-growth F] [--max-trend F]

RSS_CSV has a header `seconds,rss_bytes` and one row a second (seconds since the process started, may be
fractional). Prints the RSS at 1, 5 and 10 minutes (those reached), then judges the samples after the
warm-up (`warm_up_seconds`):

- growth: the highest sample over the first one after the warm-up, less 1; must be <= --max-growth
  (default 0.10, the issue's "flat within 10% after warm-up").
- trend: the least-squares slope of RSS over time times the span of those samples, over their mean:
  how much RSS rose across the span by the fitted line, as a share. Judged only with --max-trend. A
  trend is steadier than the growth figure, which compares two single samples.

With --run, RUN_CSV is the run's `--csv` (one row, the soak's one variant) and must show a whole,
uninterrupted window that left nothing behind (`run_problems`). Exit 0 when everything holds, 1 when
RSS broke a bound, 2 when the run's CSV shows a problem (whatever RSS did), 64 for unusable input or
a run too short to judge.
"""

import argparse
import csv
import sys

MIB = 2**20


def read_samples(lines):
    """The (seconds, rss_bytes) rows of a sampler CSV, in file order."""
    samples = []
    for row in csv.DictReader(lines):
        samples.append((float(row["seconds"]), int(row["rss_bytes"])))
    return samples


def rss_at(samples, seconds):
    """The last sample taken at or before `seconds`, or None."""
    taken = [rss for at, rss in samples if at <= seconds]
    return taken[-1] if taken else None


def warm_up_seconds(last):
    """How long the start of a run of `last` seconds is left out before judging RSS.

    A tenth of the run, at least 10 s and at most 60 s. In the 30 s run RSS climbed for the first
    5 s (calibration, the warm-up on its own cache, then the measured cache filling to its capacity),
    so the lower bound is twice that; a ten-minute run leaves out its first minute.
    """
    return min(60.0, max(10.0, last / 10))


def after_warm_up(samples):
    """The samples taken after the warm-up."""
    if not samples:
        return []
    warm = warm_up_seconds(samples[-1][0])
    return [(at, rss) for at, rss in samples if at >= warm]


def growth(samples):
    """(first, highest, highest / first - 1) of the given samples."""
    first = samples[0][1]
    highest = max(rss for _, rss in samples)
    return first, highest, highest / first - 1


def trend(samples):
    """(slope in bytes/s, span in s, mean in bytes, slope * span / mean) by least squares."""
    count = len(samples)
    mean_t = sum(at for at, _ in samples) / count
    mean_rss = sum(rss for _, rss in samples) / count
    spread = sum((at - mean_t) ** 2 for at, _ in samples)
    if spread == 0:
        return 0.0, 0.0, mean_rss, 0.0
    slope = sum((at - mean_t) * (rss - mean_rss) for at, rss in samples) / spread
    span = samples[-1][0] - samples[0][0]
    return slope, span, mean_rss, slope * span / mean_rss


# Counters that must be positive: each names a path the soak exists to keep running.
EXERCISED = ("invalidations", "evictions", "errors", "cancellations")

# Most `retained_bytes` a soak run may leave: 512 KiB. In 12 s to 30 s soaks it measured 25-82 KB,
# after ten minutes 188 KiB (the first variant of a run also carries the process's one-time growth,
# docs/metrics.md, "Memory and CPU"); one task or payload left behind per failed fetch, cancellation or
# invalidation would be hundreds of KB in 30 s.
RETAINED_LIMIT = 512 * 1024


def run_problems(row):
    """What is wrong with the soak run's CSV row, as sentences; empty when nothing is.

    cachebench itself fails a run whose accounting identity breaks or whose fetches outlive the
    window; this repeats the identity from the written numbers and checks what the exit code cannot
    show: the run was not cut short, no client was abandoned inside a request (`undrained_clients`),
    nothing the window allocated outlived it (`retained_bytes`, jemalloc's count of what is still
    allocated once the variant's caches and tasks are released: a leaked task or entry stays in it),
    and every path the profile turns on was taken.
    """
    problems = []
    if row.get("interrupted") != "false":
        problems.append(f"interrupted is {row.get('interrupted')!r}, not 'false'")
    if row.get("undrained_clients") != "0":
        problems.append(f"undrained_clients is {row.get('undrained_clients')!r}, not '0'")
    parts = ("hits", "joins", "leaders", "errors", "cancellations")
    try:
        requests = int(row["requests"])
        outcomes = sum(int(row[name]) for name in parts)
    except (KeyError, ValueError) as error:
        return problems + [f"no usable request counts: {error}"]
    if requests != outcomes:
        problems.append(
            f"requests {requests} != hits + joins + leaders + errors + cancellations {outcomes}"
        )
    retained = row.get("retained_bytes")
    if not (retained or "").lstrip("-").isdigit():
        problems.append(
            f"retained_bytes is {retained!r}: not measured (cachebench's notes on stderr say why:"
            " a build without jemalloc, or worker threads whose allocator caches were not flushed)"
        )
    elif int(retained) > RETAINED_LIMIT:
        problems.append(
            f"retained_bytes is {retained}, more than {RETAINED_LIMIT}: something outlived the window"
        )
    for name in EXERCISED:
        if int(row.get(name) or 0) <= 0:
            problems.append(f"{name} is {row.get(name)!r}: the profile did not exercise it")
    return problems


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("rss_csv")
    parser.add_argument("--run", help="the run's --csv file, checked with run_problems")
    parser.add_argument("--max-growth", type=float, default=0.10)
    parser.add_argument("--max-trend", type=float)
    arguments = parser.parse_args(argv)
    try:
        with open(arguments.rss_csv, encoding="utf-8") as lines:
            samples = read_samples(lines)
        rows = []
        if arguments.run:
            with open(arguments.run, encoding="utf-8", newline="") as lines:
                rows = list(csv.DictReader(lines))
    except (OSError, KeyError, ValueError) as error:
        print(f"soak_rss: cannot read the input: {error}", file=sys.stderr)
        return 64
    if not samples:
        print("soak_rss: no RSS samples", file=sys.stderr)
        return 64

    ok = True
    last = samples[-1][0]
    for minute in (1, 5, 10):
        if last >= minute * 60:
            print(f"rss at {minute:2d} min: {rss_at(samples, minute * 60) / MIB:.1f} MiB")
    judged = after_warm_up(samples)
    if len(judged) < 2:
        print(
            f"soak_rss: only {len(judged)} sample(s) after the warm-up; the run is too short",
            file=sys.stderr,
        )
        return 64
    warm = warm_up_seconds(last)
    first, highest, grown = growth(judged)
    print(
        f"rss after {warm:.0f}s warm-up: {first / MIB:.1f} MiB, max {highest / MIB:.1f} MiB"
        f" ({grown:+.1%}; bound {arguments.max_growth:.0%})"
    )
    ok &= grown <= arguments.max_growth
    slope, span, mean, rise = trend(judged)
    bound = "" if arguments.max_trend is None else f"; bound {arguments.max_trend:.1%}"
    print(
        f"rss trend over {span:.0f}s after warm-up: {slope / 1024:+.1f} KiB/s,"
        f" {rise:+.2%} of the mean {mean / MIB:.1f} MiB{bound}"
    )
    if arguments.max_trend is not None:
        ok &= rise <= arguments.max_trend
    if arguments.run:
        problems = [] if len(rows) == 1 else [f"the CSV has {len(rows)} rows, expected 1 (one variant)"]
        if rows:
            row = rows[0]
            print(
                f"run: {row.get('requests')} requests, {row.get('invalidations')} invalidations,"
                f" {row.get('evictions')} evictions, {row.get('errors')} errors,"
                f" {row.get('cancellations')} cancellations; retained_bytes {row.get('retained_bytes')}"
            )
            problems += run_problems(row)
        for problem in problems:
            print(f"run: {problem}")
        if problems:
            return 2
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
