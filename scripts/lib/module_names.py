#!/usr/bin/env python3
"""Lists the top-level types and functions that given Swift modules declare in an executable.

scripts/perf-record runs it on a user's executable (built from --package-path DIR --product NAME) with the
Swift modules of the user's package (package_info.py), and passes the names to sample_breakdown.py as
--cache-code: the frames of a user's own cache designs are then cache code, as the built-in designs' are.
Frames in folded stacks are demangled with --simplified, which drops module names; the binary's symbol
table demangled in full keeps them (`MyCaches.ImageStore.lookup(Swift.Int) async throws -> ...`), so the
names a module declares are the identifiers that follow `MODULE.` there.

Left out: names that a module cachebench or the Swift toolchain ships also declares at top level (a user's
`Payload` or `Task` would otherwise make the harness's or the runtime's frames cache code), and the
compiler's own (`$s...`, `_...`).

Usage: module_names.py BINARY MODULE...
prints the names, comma-separated and sorted, on one line (an empty line when there are none). Runs
`nm --defined-only` and `swift demangle`; exit 1 when either fails.
"""

import re
import subprocess
import sys

# Modules whose top-level names are the harness's, the runtime's or the system's, never a user's.
SHIPPED_MODULES = (
    "Swift", "_Concurrency", "_StringProcessing", "_RegexParser", "_Volatile", "SwiftShims", "Synchronization",
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "Dispatch", "Glibc", "Musl",
    "CacheBenchCore", "CacheBenchDesigns", "CacheBench", "cachebench",
)
IDENTIFIER = r"[A-Za-z][A-Za-z0-9_]*"


def declared_names(demangled, modules):
    """The names `modules` declare at top level, from fully demangled symbols, minus the shipped ones."""
    if not modules:
        return []
    own = re.compile(r"(?<![\w.])(?:" + "|".join(re.escape(m) for m in modules) + r")\.(" + IDENTIFIER + r")\b")
    shipped = re.compile(
        r"(?<![\w.])(?:" + "|".join(re.escape(m) for m in SHIPPED_MODULES if m not in modules) + r")\.("
        + IDENTIFIER + r")\b"
    )
    names = set()
    taken = set()
    for line in demangled:
        names.update(own.findall(line))
        taken.update(shipped.findall(line))
    return sorted(names - taken)


def symbols(binary):
    """The binary's defined symbols, demangled in full, one per line."""
    listed = subprocess.run(
        ["nm", "--defined-only", binary], check=True, capture_output=True, text=True, errors="replace"
    ).stdout
    mangled = "\n".join(line.split()[-1] for line in listed.splitlines() if len(line.split()) >= 2)
    return subprocess.run(
        ["swift", "demangle"], input=mangled, check=True, capture_output=True, text=True, errors="replace"
    ).stdout.splitlines()


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: module_names.py BINARY MODULE...\n")
        return 64
    try:
        demangled = symbols(argv[1]) if len(argv) > 2 else []
    except (OSError, subprocess.CalledProcessError) as error:
        sys.stderr.write(f"module_names.py: cannot list the symbols of {argv[1]}: {error}\n")
        return 1
    print(",".join(declared_names(demangled, argv[2:])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
