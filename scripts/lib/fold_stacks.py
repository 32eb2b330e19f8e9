#!/usr/bin/env python3
"""Folds `perf script` output into one line per distinct stack: `root;caller;...;leaf COUNT`.

This is the "folded stacks" text that flame graph tools and speedscope read. Written for cachebench's
scripts/perf-record; it reads perf script's default output (a header line per sample, then one indented
line per frame, leaf first: `ADDRESS SYMBOL+OFFSET (DSO)`, then a blank line) from stdin or a file.

Naming rules, so that the breakdown (sample_breakdown.py) can read the stacks without perf.data:
- a frame is its symbol with the `+0x...` offset removed (run the text through `swift demangle --simplified`
  first to get readable Swift names);
- a frame whose symbol perf could not resolve (`[unknown]`) is named after its object file in brackets,
  `[libdispatch.so]`, or `[unknown]` when that is unknown too;
- kernel frames (object `[kernel.kallsyms]` or any `[...]` kernel module) get the suffix `_[k]`, the
  convention flame graph tools colour by;
- `;` inside a name becomes `:` (it separates frames), and a line break cannot occur.
Each sample counts 1 (cpu-clock samples all have the same period).
"""

import re
import sys
from collections import Counter

FRAME = re.compile(r"^\s*([0-9a-fA-F]+)\s+(.*?)\s+\(([^()]*)\)\s*$")
OFFSET = re.compile(r"\+0x[0-9a-fA-F]+$")


def frame_name(symbol, dso):
    """The folded name of one frame; see the module's naming rules."""
    symbol = OFFSET.sub("", symbol.strip())
    kernel = dso.startswith("[") and dso.endswith("]") and dso != "[unknown]"
    if symbol in ("", "[unknown]"):
        base = dso.rsplit("/", 1)[-1] if dso and dso != "[unknown]" else "unknown"
        symbol = base if base.startswith("[") else "[" + base + "]"
    symbol = symbol.replace(";", ":")
    return symbol + "_[k]" if kernel else symbol


def parse_frame(line):
    """(symbol, dso) of a frame line, or None when the line is not a frame."""
    match = FRAME.match(line)
    if not match:
        # A frame with a symbol but no object: "ADDRESS SYMBOL".
        parts = line.strip().split(None, 1)
        if len(parts) == 2 and re.fullmatch(r"[0-9a-fA-F]+", parts[0]):
            return parts[1], ""
        return None
    return match.group(2), match.group(3)


def fold(lines):
    """A Counter from folded stack (root first, `;`-separated) to its number of samples."""
    stacks = Counter()
    frames = None
    for raw in lines:
        line = raw.rstrip("\n")
        if not line.strip():
            if frames:
                stacks[";".join(reversed(frames))] += 1
            frames = None
            continue
        if not line[0].isspace():
            if frames:
                stacks[";".join(reversed(frames))] += 1
            frames = []  # A sample header; its frames follow.
            continue
        if frames is None:
            continue
        parsed = parse_frame(line)
        if parsed:
            frames.append(frame_name(*parsed))
    if frames:
        stacks[";".join(reversed(frames))] += 1
    return stacks


def main(argv):
    source = open(argv[1], encoding="utf-8", errors="replace") if len(argv) > 1 else sys.stdin
    with source:
        stacks = fold(source)
    for stack, count in sorted(stacks.items()):
        print(f"{stack} {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
