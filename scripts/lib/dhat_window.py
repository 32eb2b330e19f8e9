#!/usr/bin/env python3
"""Cuts a dhat profile to one measured window: `scripts/valgrind dhat` runs it after the run.

dhat cannot be switched on and off and writes its profile only at exit. So cachebench (DhatWindow.swift)
forks a child that exits at once as a window opens and another as it closes; each child is a copy of the
process, dhat's counters included, and leaves the profile as it stood at its fork: `dhat-open-LABEL.out`
and `dhat-close-LABEL.out`. Per allocation site (program point, one call stack), dhat's counters only grow:
blocks and bytes allocated (tbk, tb), bytes read and written in those blocks (rb, wb), and the blocks'
lifetimes (tl; dhat folds in the blocks still live at exit, as it does their reads and writes). So the
closing profile minus the opening one, site by site, is exactly the window's:
- tb, tbk: what the window allocated;
- rb, wb: what the window read and wrote, in blocks allocated before or during it;
- tl: the instructions the sites' blocks were live within the window;
- eb, ebk: what was live as the window closed (the closing profile's own figures).
Peaks (mb, mbk, gb, gbk) do not subtract, so the window's profile has none and says so (`bklt: false`);
dh_view.html then shows totals, reads and writes. `te` is the window's length in instructions.

For each window this writes `dhat-window-LABEL.json` (dhat's format, for dh_view.html) and
`dhat-window-LABEL.txt` (the totals and the top allocation sites, frames demangled with --demangle), and
prints one line per window. Sites the window neither allocated at nor touched are left out.

Usage: dhat_window.py [--demangle] [--top N] DIRECTORY
Exit status 1 when DIRECTORY holds no `dhat-open-*.out`, a window has no closing profile, or a counter
would go down (the two profiles are not of one process in order), 64 on a bad command line, 0 otherwise.
"""

import argparse
import glob
import json
import os
import subprocess
import sys

# Counters that only grow while the process runs; the window's are the closing minus the opening values.
GROWING = ("tb", "tbk", "rb", "wb", "tl")

# Instructions a forked child runs between the fork and writing its profile, at most, per block live at
# the fork: the slack `tl` (lifetimes, in instructions) may lose between the opening and closing
# profiles without either being wrong (see `cut`). Measured decreases were a few hundred instructions.
CHILD_EXIT_INSTRUCTIONS = 100_000


class WindowError(Exception):
    pass


def load(path):
    with open(path, encoding="utf-8") as source:
        profile = json.load(source)
    if profile.get("dhatFileVersion") != 2 or profile.get("mode") != "heap":
        raise WindowError(f"{path}: not a dhat heap profile (dhatFileVersion 2, mode heap)")
    return profile


def sites(profile):
    """Allocation sites by call stack (a tuple of frame texts), each with its counters."""
    frames = profile["ftbl"]
    return {tuple(frames[index] for index in pp["fs"]): pp for pp in profile["pps"]}


def cut(opening, closing):
    """The window's profile: `closing` minus `opening`, site by site, in dhat's format."""
    before = sites(opening)
    window_time = closing["te"] - opening["te"]
    if window_time < 0:
        raise WindowError("the closing profile is older than the opening one")
    pps = []
    frame_index = {"[root]": 0}
    for stack, pp in sites(closing).items():
        earlier = before.get(stack, {})
        figures = {}
        for name in GROWING:
            figures[name] = pp.get(name, 0) - earlier.get(name, 0)
            if name == "tl" and -figures[name] <= earlier.get("ebk", 0) * CHILD_EXIT_INSTRUCTIONS:
                # The opening child counts its live blocks' lifetimes to its own exit, a few hundred
                # instructions after the fork; a block the parent freed within those instructions lived
                # a little less in the closing profile. Such a site lived about 0 in the window.
                figures[name] = max(figures[name], 0)
            if figures[name] < 0:
                raise WindowError(f"{name} went down from {earlier.get(name)} to {pp.get(name)} at {stack[0]}")
        figures["eb"] = pp.get("eb", 0)
        figures["ebk"] = pp.get("ebk", 0)
        if figures["tbk"] == 0 and figures["rb"] == 0 and figures["wb"] == 0:
            continue
        figures["fs"] = [frame_index.setdefault(frame, len(frame_index)) for frame in stack]
        pps.append(figures)
    for stack in before.keys() - sites(closing).keys():
        raise WindowError(f"a site of the opening profile is missing from the closing one: {stack[0]}")
    pps.sort(key=lambda pp: (-pp["tb"], -pp["tbk"], -(pp["rb"] + pp["wb"])))
    window = {
        "dhatFileVersion": 2,
        "mode": "heap",
        "verb": "Allocated",
        "bklt": False,
        "bkacc": True,
        "tu": closing.get("tu", "instrs"),
        "Mtu": closing.get("Mtu", "Minstr"),
        "cmd": closing.get("cmd", ""),
        "pid": closing.get("pid", 0),
        "te": window_time,
        "pps": pps,
        "ftbl": [frame for frame, _ in sorted(frame_index.items(), key=lambda item: item[1])],
    }
    return window, live(opening), live(closing)


def live(profile):
    """(bytes, blocks) live when the profile was written."""
    return sum(pp.get("eb", 0) for pp in profile["pps"]), sum(pp.get("ebk", 0) for pp in profile["pps"])


def demangled(frames):
    result = subprocess.run(
        ["swift", "demangle", "--simplified"], input="\n".join(frames) + "\n", capture_output=True, text=True
    )
    lines = result.stdout.splitlines()
    if result.returncode != 0 or len(lines) != len(frames):
        raise WindowError("swift demangle failed or did not answer one line per frame")
    return lines


def per_byte(count, size):
    return f"{count / size:.2f}/B" if size else "-"


def report(label, window, at_open, at_close, top):
    """The window's text summary: totals, then the `top` sites by bytes allocated with their frames."""
    pps = window["pps"]
    total_bytes = sum(pp["tb"] for pp in pps)
    total_blocks = sum(pp["tbk"] for pp in pps)
    reads = sum(pp["rb"] for pp in pps)
    writes = sum(pp["wb"] for pp in pps)
    average = f"{total_bytes / total_blocks:,.1f}" if total_blocks else "-"
    lines = [
        f"dhat, window {label} only (closing profile minus opening profile)",
        f"Window:      {window['te']:,} {window['tu']}",
        f"Allocated:   {total_bytes:,} bytes in {total_blocks:,} blocks, avg size {average} bytes",
        f"Reads:       {reads:,} bytes",
        f"Writes:      {writes:,} bytes",
        f"Live, open:  {at_open[0]:,} bytes in {at_open[1]:,} blocks",
        f"Live, close: {at_close[0]:,} bytes in {at_close[1]:,} blocks",
        "",
        f"Top {min(top, len(pps))} of {len(pps)} allocation sites by bytes allocated in the window:",
    ]
    frames = window["ftbl"]
    for rank, pp in enumerate(pps[:top], start=1):
        share = f"{100 * pp['tb'] / total_bytes:.1f}%" if total_bytes else "-"
        lines.append("")
        lines.append(
            f"#{rank}: {pp['tb']:,} bytes ({share}) in {pp['tbk']:,} blocks;"
            f" reads {pp['rb']:,} bytes ({per_byte(pp['rb'], pp['tb'])}),"
            f" writes {pp['wb']:,} bytes ({per_byte(pp['wb'], pp['tb'])});"
            f" live at close {pp['eb']:,} bytes in {pp['ebk']:,} blocks"
        )
        lines += [f"    {frames[index]}" for index in pp["fs"]]
    return "\n".join(lines) + "\n"


def main(argv):
    parser = argparse.ArgumentParser(prog="dhat_window.py", add_help=True)
    parser.add_argument("--demangle", action="store_true", help="demangle frames with swift demangle")
    parser.add_argument("--top", type=int, default=20, help="allocation sites listed per window")
    parser.add_argument("directory")
    try:
        arguments = parser.parse_args(argv[1:])
    except SystemExit:
        return 64
    directory = arguments.directory
    openings = sorted(glob.glob(os.path.join(glob.escape(directory), "dhat-open-*.out")))
    if not openings:
        sys.stderr.write(f"dhat_window.py: no dhat-open-*.out in {directory}: no window was bracketed\n")
        return 1
    rows = []
    for opening_path in openings:
        label = os.path.basename(opening_path)[len("dhat-open-"):-len(".out")]
        closing_path = os.path.join(directory, f"dhat-close-{label}.out")
        if not os.path.exists(closing_path):
            sys.stderr.write(f"dhat_window.py: {label}: the window opened but has no closing profile\n")
            return 1
        try:
            window, at_open, at_close = cut(load(opening_path), load(closing_path))
            if arguments.demangle:
                window["ftbl"] = demangled(window["ftbl"])
        except (WindowError, OSError, ValueError, KeyError) as error:
            sys.stderr.write(f"dhat_window.py: {label}: {error}\n")
            return 1
        with open(os.path.join(directory, f"dhat-window-{label}.json"), "w", encoding="utf-8") as target:
            json.dump(window, target, separators=(",", ":"))
        with open(os.path.join(directory, f"dhat-window-{label}.txt"), "w", encoding="utf-8") as target:
            target.write(report(label, window, at_open, at_close, arguments.top))
        pps = window["pps"]
        rows.append((label, window["te"], sum(pp["tb"] for pp in pps), sum(pp["tbk"] for pp in pps),
                     sum(pp["rb"] for pp in pps), sum(pp["wb"] for pp in pps), at_open[0], at_close[0]))
    headings = ("window", "instructions", "allocated (B)", "blocks", "read (B)", "written (B)",
                "live at open (B)", "live at close (B)")
    width = max(len(headings[0]), *(len(row[0]) for row in rows))
    print(f"{headings[0]:<{width}}" + "".join(f"  {heading:>{len(heading)}}" for heading in headings[1:]))
    for row in rows:
        print(f"{row[0]:<{width}}" + "".join(f"  {value:>{len(heading)}}" for value, heading in zip(row[1:], headings[1:])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
