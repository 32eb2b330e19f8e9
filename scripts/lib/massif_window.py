#!/usr/bin/env python3
"""Cuts a massif profile to one measured window: `scripts/valgrind massif` runs it after the run.

massif cannot be switched on and off, so cachebench (MassifWindow.swift) asks it, through valgrind monitor
commands, for a detailed snapshot when a window opens (`massif-open-LABEL.out`) and when it closes
(`massif-close-LABEL.out`), each a massif file of one snapshot. massif's time axis is the whole run's
(instructions executed since start, `time_unit: i`), so this script:
- keeps the snapshots of the run's `massif.out` taken strictly between the two snapshots' times, with the
  open snapshot first and the close snapshot last, renumbered from 0 and with times made relative to the
  window's opening, so ms_print draws the window alone (its x axis: instructions since the window opened);
- marks the detailed one with the largest total `peak` for ms_print (the run's own peak may lie outside
  the window);
- writes that profile to `massif-window-LABEL.out` next to the run's and prints one line per window:
  heap (useful + extra bytes) at the opening, the peak within the window and at the close, and how many
  snapshots the window holds. massif takes its own snapshots at a rate it lowers as the run grows; the
  bracketing two are always there.

Usage: massif_window.py MASSIF_OUT
Exit status 1 when no window was bracketed (no `massif-open-*.out` beside MASSIF_OUT) or a window has no
closing snapshot, 0 otherwise.
"""

import glob
import os
import re
import sys

SEPARATOR = "#-----------"


def parse(path):
    """(header lines, snapshots) of a massif file; a snapshot is a dict with `fields` (name -> text, in
    file order) and `tree` (the heap tree's lines)."""
    with open(path, encoding="utf-8", errors="surrogateescape") as source:
        lines = source.read().splitlines()
    header = []
    snapshots = []
    index = 0
    while index < len(lines) and lines[index] != SEPARATOR:
        header.append(lines[index])
        index += 1
    current = None
    for line in lines[index:]:
        if line == SEPARATOR:
            continue
        match = re.match(r"^(snapshot|time|mem_heap_B|mem_heap_extra_B|mem_stacks_B|heap_tree)=(.*)$", line)
        if match and match.group(1) == "snapshot":
            current = {"fields": {}, "tree": []}
            snapshots.append(current)
        if current is None:
            continue
        if match and not current["tree"] and match.group(1) not in current["fields"]:
            current["fields"][match.group(1)] = match.group(2)
        else:
            current["tree"].append(line)
    return header, snapshots


def time_of(snapshot):
    return int(snapshot["fields"]["time"])


def heap_of(snapshot):
    fields = snapshot["fields"]
    return int(fields["mem_heap_B"]) + int(fields["mem_heap_extra_B"])


def cut(snapshots, opening, closing):
    """The window's snapshots: `opening`, those of `snapshots` strictly between its time and `closing`'s,
    then `closing`; renumbered, times relative to the opening, the largest heap marked `peak`."""
    start, end = time_of(opening), time_of(closing)
    inside = [s for s in snapshots if start < time_of(s) < end]
    window = []
    for number, snapshot in enumerate([opening] + inside + [closing]):
        fields = dict(snapshot["fields"])
        fields["snapshot"] = str(number)
        fields["time"] = str(time_of(snapshot) - start)
        if fields.get("heap_tree") == "peak":
            fields["heap_tree"] = "detailed"
        window.append({"fields": fields, "tree": list(snapshot["tree"])})
    peak = max(
        (s for s in window if s["fields"].get("heap_tree") == "detailed"),
        key=lambda s: heap_of(s) + int(s["fields"]["mem_stacks_B"]),
    )
    peak["fields"]["heap_tree"] = "peak"
    return window


def render(header, snapshots):
    lines = list(header)
    for snapshot in snapshots:
        lines += [SEPARATOR, f"snapshot={snapshot['fields']['snapshot']}", SEPARATOR]
        lines += [f"{name}={value}" for name, value in snapshot["fields"].items() if name != "snapshot"]
        lines += snapshot["tree"]
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: massif_window.py MASSIF_OUT\n")
        return 64
    massif_out = argv[1]
    directory = os.path.dirname(massif_out) or "."
    header, snapshots = parse(massif_out)
    openings = sorted(glob.glob(os.path.join(glob.escape(directory), "massif-open-*.out")))
    if not openings:
        sys.stderr.write(f"massif_window.py: no massif-open-*.out beside {massif_out}: no window was bracketed\n")
        return 1
    rows = []
    for opening_path in openings:
        label = os.path.basename(opening_path)[len("massif-open-"):-len(".out")]
        closing_path = os.path.join(directory, f"massif-close-{label}.out")
        if not os.path.exists(closing_path):
            sys.stderr.write(f"massif_window.py: {label}: the window opened but has no closing snapshot\n")
            return 1
        opening = parse(opening_path)[1][0]
        closing = parse(closing_path)[1][0]
        window = cut(snapshots, opening, closing)
        with open(os.path.join(directory, f"massif-window-{label}.out"), "w", encoding="utf-8",
                  errors="surrogateescape") as target:
            target.write(render(header, window))
        peak = max(heap_of(s) for s in window)
        rows.append((label, heap_of(opening), peak, heap_of(closing), len(window)))
    width = max(len("window"), *(len(row[0]) for row in rows))
    print(f"{'window':<{width}}  {'heap at open (B)':>16}  {'peak (B)':>12}  {'heap at close (B)':>17}  {'snapshots':>9}")
    for label, at_open, peak, at_close, count in rows:
        print(f"{label:<{width}}  {at_open:>16}  {peak:>12}  {at_close:>17}  {count:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
