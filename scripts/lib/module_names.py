#!/usr/bin/env python3
"""Lists the types and functions that given Swift modules declare in an executable.

scripts/perf-record runs it on a user's executable (built from --package-path DIR --product NAME) with the
Swift modules of the user's package (package_info.py), and passes the names to sample_breakdown.py as
--cache-code: the frames of a user's own cache designs are then cache code, as the built-in designs' are.
Frames in folded stacks are demangled with --simplified, which drops module names and the private
discriminators; the binary's symbol table demangled in full keeps them, so it says which module declares a
name. A module's names are read from three forms there (real symbols of Examples/ImageCache, Swift 6.3.1):
- top level, internal or public: `MyCaches.ImageStore.lookup(Swift.Int) async throws -> ...`, the identifier
  after `MODULE.`;
- top level, `private` or `fileprivate`: the name carries the file's discriminator,
  `MyCaches.(InFlightImageCache in _A22D37993BBCF655A7D6980C663F4048).lookup(...)` and
  `MyCaches.(evict in _80A0...)(Swift.Int) -> Swift.Int`; simplified frames read `InFlightImageCache.lookup(_:)`
  and `evict(_:)`. (A private member, `MyCaches.Store.(insert in _80A0...)`, is its type's.)
- local types, declared inside a function, closure or top-level code: `find() -> Swift.Int in LocalProbe #1
  in MyCaches.Store.lookup(Swift.Int) -> ...`, or `go() -> Swift.Int in InMain #1 in MyCaches` for one in
  main.swift's top-level code, whose simplified frame, `go() in InMain #1 in `, names nothing else of the
  user's. Whose a local type is cannot be read reliably from the demangled text (a closure's signature
  between the type and its module names other modules' types), so it is read from the mangled symbol: the
  module that roots its context (`$s8MyCaches...`).
Members of extensions that a module adds to another module's types (`(extension in MyCaches):Swift.Dictionary
...imageHit`) are not listed: their simplified frames (`Dictionary<>.imageHit(_:)`) are members, which
sample_breakdown.py does not match; their callers are usually the user's own types.

Left out: names that a module cachebench or the Swift toolchain ships also declares (a user's `Payload` or
`Task` would otherwise make the harness's or the runtime's frames cache code), and the compiler's own
(`$s...`, `_...`).

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
# The discriminator of a private or fileprivate declaration: `(NAME in _` and the file's 32-digit hash.
PRIVATE = r"\((" + IDENTIFIER + r") in _[0-9A-Fa-f]+\)"
# A local type, `NAME #N in ...`; `closure #1 in` is no type.
LOCAL = re.compile(r"(?<![\w.$])(" + IDENTIFIER + r") #\d+ in ")
NOT_LOCAL_TYPES = {"closure"}


def module_pattern(modules):
    """Matches a name that one of `modules` declares at top level, plainly or as a private one, with the name
    in group 1 or 2."""
    qualifier = r"(?<![\w.])(?:" + "|".join(re.escape(m) for m in modules) + r")\."
    return re.compile(qualifier + r"(?:(" + IDENTIFIER + r")\b|" + PRIVATE + ")")


def root_module(mangled):
    """The module that roots a mangled Swift symbol's context (`$s8MyCaches...` → MyCaches), or None for a
    symbol that starts elsewhere (the standard library's `$sS...`, a C name)."""
    match = re.match(r"_?\$[sSe](\d+)", mangled or "")
    if not match:
        return None
    start = match.end()
    return mangled[start:start + int(match.group(1))] or None


def names_in(line, pattern, root=None, modules=()):
    """The names `pattern` finds in one demangled symbol, and its local types when its root module (`root`,
    from the mangled symbol) is one of `modules`."""
    found = {plain or private for plain, private in pattern.findall(line)}
    if root is not None and root in modules:
        found.update(name for name in LOCAL.findall(line) if name not in NOT_LOCAL_TYPES)
    return found


def declared_names(demangled, modules, mangled=()):
    """The names `modules` declare, from fully demangled symbols, minus the ones shipped modules declare.

    `mangled`, when given, holds each symbol as the binary names it (same order as `demangled`); local types
    are found only with it."""
    if not modules:
        return []
    shipped_modules = [m for m in SHIPPED_MODULES if m not in modules]
    own = module_pattern(modules)
    shipped = module_pattern(shipped_modules)
    roots = [root_module(symbol) for symbol in mangled] if mangled else []
    names = set()
    taken = set()
    for index, line in enumerate(demangled):
        root = roots[index] if index < len(roots) else None
        names.update(names_in(line, own, root, modules))
        taken.update(names_in(line, shipped, root, shipped_modules))
    return sorted(names - taken)


def symbols(binary):
    """The binary's defined symbols: (mangled, demangled in full) lists, in the same order."""
    listed = subprocess.run(
        ["nm", "--defined-only", binary], check=True, capture_output=True, text=True, errors="replace"
    ).stdout
    mangled = [line.split()[-1] for line in listed.splitlines() if len(line.split()) >= 2]
    demangled = subprocess.run(
        ["swift", "demangle"], input="\n".join(mangled), check=True, capture_output=True, text=True,
        errors="replace",
    ).stdout.splitlines()
    if len(demangled) != len(mangled):
        raise subprocess.CalledProcessError(0, "swift demangle", "gave %d lines for %d symbols" % (len(demangled), len(mangled)))
    return mangled, demangled


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: module_names.py BINARY MODULE...\n")
        return 64
    try:
        mangled, demangled = symbols(argv[1]) if len(argv) > 2 else ([], [])
    except (OSError, subprocess.CalledProcessError) as error:
        sys.stderr.write(f"module_names.py: cannot list the symbols of {argv[1]}: {error}\n")
        return 1
    print(",".join(declared_names(demangled, argv[2:], mangled)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
