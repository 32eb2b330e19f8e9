#!/usr/bin/env python3
"""Reads the per-window dumps of a `scripts/valgrind callgrind` run and turns them into figures.

cachebench (CallgrindWindow.swift) starts callgrind's instrumentation when a window opens and, when it
closes, dumps the window's costs with the trigger `cachebench window VARIANT requests N` and stops again.
This script finds those dumps (`callgrind.out.1`, `.2`, ... next to `callgrind.out`), takes each one's
instruction count from its `totals:` line, and:
- prints one line per window: variant, requests, instructions, instructions per request (1 decimal);
- with --csv FILE, fills the `instructions_per_request` column of cachebench's CSV for the rows whose
  variant (`variant` + "/" + `decode` columns) had a window dump, keeping every other byte of the file;
- with --result-json FILE, sets the `instructions_per_request` metric of the same variants in a result
  or baseline document (schema 1, what `cachebench run --save-baseline` writes), so that `cachebench
  compare` and `cachebench baseline` can hold it like any other metric. The value is the CSV's (one
  decimal); every other member is kept, in order.

`totals:` rather than `summary:`: in valgrind 3.19, once the counters have been zeroed or dumped, a later
dump's `summary:` no longer equals the costs it holds (the final dump's even wraps below zero), while
`totals:` is the sum of the costs written in that dump. callgrind_annotate takes its 100% from `summary:`,
so with --fix-summary each window dump's `summary:` line is rewritten to its `totals:` value.

Usage: callgrind_windows.py CALLGRIND_OUT [--csv FILE] [--result-json FILE] [--json] [--fix-summary]
Exit status 1 when there is no window dump (the run profiled nothing: cachebench built without valgrind's
headers, or not run under callgrind) or when a window has no row in the CSV or no variant in the document;
0 otherwise.
"""

import csv
import glob
import io
import json
import os
import re
import sys

TRIGGER = re.compile(r"^desc: Trigger: Client Request: cachebench window (\S+) requests (\d+)\s*$")
TOTALS = re.compile(r"^totals:\s+(\d+)")


def read_dump(path):
    """(variant, requests, instructions) of one window dump, or None for any other dump."""
    variant = requests = instructions = None
    with open(path, encoding="utf-8", errors="replace") as dump:
        for line in dump:
            match = TRIGGER.match(line)
            if match:
                variant, requests = match.group(1), int(match.group(2))
                continue
            match = TOTALS.match(line)
            if match:
                instructions = int(match.group(1))
    if variant is None or instructions is None:
        return None
    return variant, requests, instructions


def fix_summary(path, instructions):
    """Rewrites the `summary:` line of the dump at `path` to `instructions`, its `totals:` value."""
    with open(path, encoding="utf-8", errors="surrogateescape") as dump:
        lines = dump.readlines()
    changed = False
    for index, line in enumerate(lines):
        if line.startswith("summary:") and line.strip() != f"summary: {instructions}":
            lines[index] = f"summary: {instructions}\n"
            changed = True
    if changed:
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as dump:
            dump.writelines(lines)


def dump_number(path):
    """The dump's sequence number (`callgrind.out.3` is 3), for ordering."""
    suffix = path.rsplit(".", 1)[-1]
    return int(suffix) if suffix.isdigit() else 0


def windows(base, fix=False):
    """Every window dump of the run whose main output file is `base`, in the order dumped; with `fix`,
    each one's `summary:` line is corrected on the way."""
    found = []
    for path in sorted(glob.glob(glob.escape(base) + ".*"), key=dump_number):
        if dump_number(path) == 0:
            continue
        window = read_dump(path)
        if window:
            found.append(window)
            if fix:
                fix_summary(path, window[2])
    return found


def per_request(instructions, requests):
    """Instructions per request with one decimal, or '' when the window had no request."""
    return f"{instructions / requests:.1f}" if requests else ""


def fill_csv(path, figures):
    """Sets `instructions_per_request` in the rows of `path` whose variant has figures; returns how many."""
    with open(path, newline="", encoding="utf-8") as source:
        rows = list(csv.reader(source))
    if not rows:
        return 0
    header = rows[0]
    try:
        column = header.index("instructions_per_request")
        variant_column = header.index("variant")
        decode_column = header.index("decode")
    except ValueError as missing:
        raise SystemExit(f"callgrind_windows.py: {path}: no column {missing}") from None
    filled = 0
    for row in rows[1:]:
        key = f"{row[variant_column]}/{row[decode_column]}"
        if key in figures:
            row[column] = figures[key]
            filled += 1
    text = io.StringIO()
    csv.writer(text, lineterminator="\r\n").writerows(rows)
    temporary = path + ".tmp"
    with open(temporary, "w", newline="", encoding="utf-8") as target:
        target.write(text.getvalue())
    os.replace(temporary, path)
    return filled


def fill_result_json(path, figures):
    """Sets the `instructions_per_request` metric of the variants of the schema-1 document at `path` that
    have figures (`''` is written as null); returns how many variants were set."""
    with open(path, encoding="utf-8") as source:
        document = json.load(source)
    if not isinstance(document, dict) or document.get("schema") != 1:
        raise SystemExit(f"callgrind_windows.py: {path}: not a schema-1 result document")
    filled = 0
    for variant in document.get("variants", []):
        key = f"{variant.get('variant')}/{variant.get('decode')}"
        metrics = variant.get("metrics")
        if key in figures and isinstance(metrics, dict):
            value = figures[key]
            metrics["instructions_per_request"] = float(value) if value else None
            filled += 1
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8") as target:
        json.dump(document, target, indent=2, ensure_ascii=False)
        target.write("\n")
    os.replace(temporary, path)
    return filled


def main(argv):
    args = argv[1:]
    csv_path = None
    json_path = None
    as_json = False
    fix = False
    positional = []
    while args:
        arg = args.pop(0)
        if arg == "--csv" and args:
            csv_path = args.pop(0)
        elif arg == "--result-json" and args:
            json_path = args.pop(0)
        elif arg == "--json":
            as_json = True
        elif arg == "--fix-summary":
            fix = True
        else:
            positional.append(arg)
    if len(positional) != 1:
        sys.stderr.write(
            "usage: callgrind_windows.py CALLGRIND_OUT [--csv FILE] [--result-json FILE] [--json]"
            " [--fix-summary]\n"
        )
        return 64
    found = windows(positional[0], fix)
    if not found:
        sys.stderr.write(
            f"callgrind_windows.py: no window dump next to {positional[0]}: nothing was profiled\n"
        )
        return 1
    if as_json:
        print(json.dumps([
            {"variant": v, "requests": r, "instructions": i, "instructions_per_request": per_request(i, r)}
            for v, r, i in found
        ]))
    else:
        width = max(len("variant"), *(len(v) for v, _, _ in found))
        print(f"{'variant':<{width}}  {'requests':>9}  {'instructions':>14}  {'instructions/request':>20}")
        for variant, requests, instructions in found:
            print(
                f"{variant:<{width}}  {requests:>9}  {instructions:>14}  "
                f"{per_request(instructions, requests):>20}"
            )
    figures = {v: per_request(i, r) for v, r, i in found}
    status = 0
    for path, fill, what in ((csv_path, fill_csv, "rows"), (json_path, fill_result_json, "variants")):
        if not path:
            continue
        filled = fill(path, figures)
        if filled != len(figures):
            sys.stderr.write(
                f"callgrind_windows.py: {path}: {filled} {what} matched {len(figures)} windows\n"
            )
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
