#!/usr/bin/env python3
"""Checks a package's executable product and names its Swift modules, from `swift package describe --type json`.

The profiling scripts (perf-record, valgrind, heaptrack, ci-gate) build and run a user's executable with
--package-path DIR --product NAME; scripts/lib/setup.sh asks swift for the package's description and this
script reads it:
- exit 64 with one line on stderr when the package has no product NAME, or NAME is not an executable
  (the line names the executables it has);
- otherwise prints the package's own Swift modules (library and executable targets, not tests, plugins,
  macros, C or system targets), space-separated on one line: the user's code, which
  scripts/lib/module_names.py turns into the names the perf breakdown counts as cache code.

Usage: package_info.py DESCRIBE.json PRODUCT
"""

import json
import sys

USAGE_ERROR = 64
OWN_TARGET_TYPES = ("library", "executable")


def executables(description):
    """Names of the package's executable products, in the order described."""
    return [p["name"] for p in description.get("products", []) if "executable" in (p.get("type") or {})]


def check_product(description, product):
    """None when `product` is an executable product of the package, else the one-line reason why not."""
    package = description.get("name", "the package")
    names = executables(description)
    offered = f"its executables: {', '.join(names)}" if names else "it has no executable product"
    for candidate in description.get("products", []):
        if candidate.get("name") == product:
            if product in names:
                return None
            kind = ", ".join(sorted((candidate.get("type") or {}).keys())) or "not an executable"
            return f"--product {product}: a {kind} product of {package}, not an executable ({offered})"
    return f"--product {product}: no product of that name in {package} ({offered})"


def swift_modules(description):
    """The module names (c99name) of the package's own Swift library and executable targets."""
    return [
        target.get("c99name") or target["name"]
        for target in description.get("targets", [])
        if target.get("type") in OWN_TARGET_TYPES and target.get("module_type") == "SwiftTarget"
    ]


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: package_info.py DESCRIBE.json PRODUCT\n")
        return USAGE_ERROR
    try:
        with open(argv[1], encoding="utf-8") as source:
            description = json.load(source)
    except (OSError, json.JSONDecodeError) as error:
        sys.stderr.write(f"cachebench: cannot read the package description: {error}\n")
        return 1
    problem = check_product(description, argv[2])
    if problem:
        sys.stderr.write(f"cachebench: {problem}\n")
        return USAGE_ERROR
    print(" ".join(swift_modules(description)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
