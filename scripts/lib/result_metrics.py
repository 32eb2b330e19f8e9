#!/usr/bin/env python3
"""Copies a result or baseline document (schema 1) keeping only the named metrics of each variant.

scripts/ci-gate runs it on the results.json of its callgrind run before judging or baselining it. Under
valgrind some figures are measured only in some runs: the jemalloc columns need every worker thread to
flush its allocator cache within 250 ms, which valgrind's one-thread-at-a-time scheduling sometimes
misses, and the contended-Mutex floor needs two threads running at once. `cachebench compare` fails a
metric the baseline has and a run did not measure (`missing`), whatever its rule, so such a figure in the
callgrind baseline would fail the gate on luck. The gate keeps the counts that repeat under callgrind.

Usage: result_metrics.py --keep NAME[,NAME...] SOURCE TARGET
Every other member of the document is kept as it is, in order. Exit status 64 on a usage error, 1 when
SOURCE is not a schema-1 document or a variant lacks one of the kept metrics (then TARGET is not written).
"""

import json
import os
import sys


def keep_metrics(document, names):
    """`document` with each variant's metrics cut to `names`, in the order given; raises KeyError naming
    the first variant and metric that is absent."""
    for variant in document["variants"]:
        metrics = variant["metrics"]
        for name in names:
            if name not in metrics:
                raise KeyError(f"{variant.get('variant')}/{variant.get('decode')}: no metric {name}")
        variant["metrics"] = {name: metrics[name] for name in names}
    return document


def main(argv):
    args = argv[1:]
    if len(args) != 4 or args[0] != "--keep" or not args[1]:
        sys.stderr.write("usage: result_metrics.py --keep NAME[,NAME...] SOURCE TARGET\n")
        return 64
    names = args[1].split(",")
    source, target = args[2], args[3]
    with open(source, encoding="utf-8") as text:
        document = json.load(text)
    if not isinstance(document, dict) or document.get("schema") != 1 or "variants" not in document:
        sys.stderr.write(f"result_metrics.py: {source}: not a schema-1 result document\n")
        return 1
    try:
        keep_metrics(document, names)
    except KeyError as missing:
        sys.stderr.write(f"result_metrics.py: {source}: {missing.args[0]}\n")
        return 1
    temporary = target + ".tmp"
    with open(temporary, "w", encoding="utf-8") as out:
        json.dump(document, out, indent=2, ensure_ascii=False)
        out.write("\n")
    os.replace(temporary, target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
