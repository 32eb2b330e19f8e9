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

With `--inline DSO` (e.g. `--inline cachebench`), frames in object files whose name is DSO are expanded into
the functions the compiler inlined there, read from the debug info by `llvm-symbolizer --inlining` (one
process per object file): a sample in `BenchmarkDriver.window`'s client closure whose address lies in an
inlined `PayloadDecoder.decode` becomes `...;closure #1 in ...window...;PayloadDecoder.decode(_:)`. Frame
pointers and DWARF unwinding both see only real frames, so without this the work of an inlined function is
charged to its caller. Return addresses (every frame but the leaf) are looked up one byte earlier, inside
the call instruction, so the inline context is the call's. Names come out mangled: pipe the output through
`swift demangle --simplified`. Addresses perf prints for an executable or library are relative to it.
"""

import os
import re
import subprocess
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
    """(address, symbol, dso) of a frame line, or None when the line is not a frame."""
    match = FRAME.match(line)
    if not match:
        # A frame with a symbol but no object: "ADDRESS SYMBOL".
        parts = line.strip().split(None, 1)
        if len(parts) == 2 and re.fullmatch(r"[0-9a-fA-F]+", parts[0]):
            return int(parts[0], 16), parts[1], ""
        return None
    return int(match.group(1), 16), match.group(2), match.group(3)


def samples(lines):
    """Each sample's frames, leaf first, as (address, symbol, dso)."""
    frames = None
    for raw in lines:
        line = raw.rstrip("\n")
        if not line.strip() or not line[0].isspace():
            # A blank line ends a sample; a line at the margin is the next sample's header.
            if frames:
                yield frames
            frames = [] if line.strip() else None
            continue
        if frames is None:
            continue
        parsed = parse_frame(line)
        if parsed:
            frames.append(parsed)
    if frames:
        yield frames


def symbolize_inlined(requests, symbolizer="llvm-symbolizer"):
    """{(dso, address): [function, ...] caller first} for each (dso, address), from the debug info.

    Addresses the symbolizer cannot place (`??`) are left out, so their frames keep perf's name."""
    found = {}
    by_dso = {}
    for dso, address in requests:
        by_dso.setdefault(dso, set()).add(address)
    for dso, addresses in by_dso.items():
        if not os.path.exists(dso):
            continue
        ordered = sorted(addresses)
        text = "".join(f"0x{a:x}\n" for a in ordered)
        result = subprocess.run(
            [symbolizer, "--inlining", "--functions=linkage", "--no-demangle", f"--obj={dso}"],
            input=text, capture_output=True, text=True, check=False,
        )
        blocks = result.stdout.split("\n\n")
        for address, block in zip(ordered, blocks):
            lines = [line for line in block.strip("\n").split("\n") if line]
            functions = [lines[i] for i in range(0, len(lines) - 1, 2)]
            if functions and "??" not in functions:
                found[(dso, address)] = list(reversed(functions))
    return found


def fold(lines, inline_dsos=(), symbolize=symbolize_inlined):
    """A Counter from folded stack (root first, `;`-separated) to its number of samples; frames in objects
    named in `inline_dsos` are expanded into their inlined functions through `symbolize`."""
    parsed = list(samples(lines))
    wanted = set()
    if inline_dsos:
        for frames in parsed:
            for index, (address, _, dso) in enumerate(frames):
                if os.path.basename(dso) in inline_dsos:
                    wanted.add((dso, address - (1 if index else 0)))
    inlined = symbolize(wanted) if wanted else {}
    stacks = Counter()
    for frames in parsed:
        names = []
        for index, (address, symbol, dso) in enumerate(frames):
            expansion = inlined.get((dso, address - (1 if index else 0)))
            if expansion:
                names.extend(reversed([f.replace(";", ":") for f in expansion]))
            else:
                names.append(frame_name(symbol, dso))
        stacks[";".join(reversed(names))] += 1
    return stacks


def main(argv):
    args = argv[1:]
    inline_dsos = []
    while len(args) >= 2 and args[0] == "--inline":
        inline_dsos.append(args[1])
        args = args[2:]
    source = open(args[0], encoding="utf-8", errors="replace") if args else sys.stdin
    with source:
        stacks = fold(source, inline_dsos)
    for stack, count in sorted(stacks.items()):
        print(f"{stack} {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
