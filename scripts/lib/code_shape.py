#!/usr/bin/env python3
"""The shape of the Swift sources: each module's folders depend on one another one way only (no cycle),
no file is over 400 lines, and no function over 60, besides the long ones listed in LONG_FUNCTIONS, which
may only shrink.

  python3 scripts/lib/code_shape.py [--graph] [SOURCES]     (SOURCES defaults to the package's Sources)

A folder depends on another when one of its files names a type, or a top-level function or constant,
declared at the top level of a file in the other (`struct X`, `func makeX`, ...), or a member that an
extension in the other folder adds to a type declared elsewhere (`HistogramStripes.defaultCount`).
Comments and string literals are left out. The module's root files are the folder `(root)`. This reads
the text, not the compiler's index: a name declared in two folders of one module is not counted, and
neither are operators or names of four letters or fewer that are not types. Prints every cycle with the
references that make it, and exits 1 when there is a violation, 0 otherwise; --graph prints each folder's
dependencies too.
"""

import os
import re
import sys
from collections import defaultdict

MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60

# Functions longer than MAX_FUNCTION_LINES when the limit was set, with their length then: a listed
# function may shrink (then lower or remove its entry) but not grow, and no other may pass the limit.
LONG_FUNCTIONS = {
}

MODIFIERS = (r"(?:(?:public|package|internal|private|fileprivate|final|open|nonisolated|indirect|static"
             r"|nonisolated\(unsafe\))\s+)*")
ATTRIBUTES = r"(?:@\w+(?:\([^)]*\))?\s+)*"
TYPE_DECLARATION = re.compile(
    r"^" + ATTRIBUTES + MODIFIERS + r"(?:struct|class|enum|actor|protocol|typealias)\s+([A-Z]\w*)")
TOP_LEVEL_VALUE = re.compile(r"^" + ATTRIBUTES + MODIFIERS + r"(?:func|let|var)\s+([a-zA-Z_]\w*)")
EXTENSION = re.compile(r"^" + MODIFIERS + r"extension\s+([A-Z][\w.]*)")
MEMBER = re.compile(
    r"^\s+" + ATTRIBUTES + r"(?:(?:public|package|internal|private|fileprivate|static|nonisolated"
    r"|mutating|final|override|class)\s+)*(?:func|var|let)\s+([a-zA-Z_]\w*)")
FUNCTION = re.compile(
    r"^\s*" + ATTRIBUTES + r"(?:(?:public|package|internal|private|fileprivate|static|class|final"
    r"|override|mutating|nonmutating|nonisolated|convenience|required)\s+)*"
    r"(func\s+[^\s(<]+|init[?!]?(?=[\s(<])|deinit\b)")
IDENTIFIER = re.compile(r"\b[A-Za-z_]\w*\b")


def code_lines(text):
    """The file's lines with comments and string literals blanked, so that prose names nothing."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r'"""[\s\S]*?"""', lambda m: '""' + "\n" * m.group(0).count("\n"), text)
    lines = []
    for line in text.splitlines():
        line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
        lines.append(line.split("//")[0])
    return lines


def swift_files(module_directory):
    """(folder, path, code lines) of every Swift file of a module."""
    found = []
    for directory, _, names in os.walk(module_directory):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                relative = os.path.relpath(path, module_directory)
                folder = relative.split(os.sep)[0] if os.sep in relative else "(root)"
                with open(path, encoding="utf-8") as file:
                    found.append((folder, path, code_lines(file.read())))
    return found


def declarations(files):
    """Which folders declare each top-level name, and each (type, member) added by an extension."""
    owners = defaultdict(set)
    members = defaultdict(set)
    for folder, _, lines in files:
        extended = None
        for line in lines:
            match = TYPE_DECLARATION.match(line)
            if match:
                owners[match.group(1)].add(folder)
            match = TOP_LEVEL_VALUE.match(line)
            if match and len(match.group(1)) > 4:
                owners[match.group(1)].add(folder)
            match = EXTENSION.match(line)
            if match:
                extended = match.group(1).split(".")[-1]
                continue
            if line.startswith("}"):
                extended = None
            elif extended:
                match = MEMBER.match(line)
                if match:
                    members[(extended, match.group(1))].add(folder)
    return owners, members


def folder_edges(files):
    """{folder: {(folder it depends on, the name, the file naming it)}}."""
    owners, members = declarations(files)
    edges = defaultdict(set)
    for folder, path, lines in files:
        text = "\n".join(lines)
        for name in set(IDENTIFIER.findall(text)):
            declared = owners.get(name, set())
            if len(declared) == 1 and folder not in declared:
                edges[folder].add((next(iter(declared)), name, os.path.basename(path)))
        for (type_name, member), declared in members.items():
            if len(declared) != 1 or folder in declared or next(iter(declared)) in owners.get(type_name, ()):
                continue
            if re.search(r"\b" + re.escape(type_name) + r"\." + re.escape(member) + r"\b", text):
                edges[folder].add((next(iter(declared)), f"{type_name}.{member}", os.path.basename(path)))
    return edges


def cycles(graph, nodes):
    """The strongly connected components of more than one folder (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph.get(node, ())):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(nodes):
        if node not in index:
            visit(node)
    return found


def long_functions(path, lines):
    """(first line, signature head, length in lines) of each function longer than the limit."""
    found = []
    for start, line in enumerate(lines):
        match = FUNCTION.match(line)
        if not match:
            continue
        depth, opened, end = 0, False, start
        while end < len(lines):
            for character in lines[end]:
                if character == "{":
                    depth, opened = depth + 1, True
                elif character == "}":
                    depth -= 1
            if opened and depth <= 0:
                break
            if not opened and end > start + 20:
                break
            end += 1
        length = end - start + 1
        if opened and length > MAX_FUNCTION_LINES:
            found.append((start + 1, match.group(1), length))
    return found


def check(sources, show_graph=False, listed=None):
    """Prints what is wrong with the sources under `sources`; returns the number of violations.
    `listed`: the long functions allowed (default LONG_FUNCTIONS)."""
    listed = LONG_FUNCTIONS if listed is None else listed
    violations = 0
    listed_seen = set()
    for module in sorted(os.listdir(sources)):
        directory = os.path.join(sources, module)
        if not os.path.isdir(directory):
            continue
        files = swift_files(directory)
        if not files:
            continue
        edges = folder_edges(files)
        graph = {folder: {target for target, _, _ in references} for folder, references in edges.items()}
        if show_graph:
            print(f"{module}:")
            for folder in sorted(graph):
                print(f"  {folder} -> {', '.join(sorted(graph[folder]))}")
        for component in cycles(graph, {folder for folder, _, _ in files}):
            violations += 1
            print(f"{module}: the folders {', '.join(component)} depend on one another in a cycle:")
            for folder in component:
                for target, name, file in sorted(edges[folder]):
                    if target in component:
                        print(f"  {folder} -> {target}: {name} ({file})")
        for _, path, lines in files:
            relative = os.path.relpath(path, sources)
            if len(lines) > MAX_FILE_LINES:
                violations += 1
                print(f"{relative}: {len(lines)} lines, over {MAX_FILE_LINES}")
            for line, head, length in long_functions(path, lines):
                key = (relative, head)
                allowed = listed.get(key)
                if allowed is not None:
                    listed_seen.add(key)
                if allowed is None or length > allowed:
                    violations += 1
                    limit = f"its listed {allowed}" if allowed else str(MAX_FUNCTION_LINES)
                    print(f"{relative}:{line}: {head} is {length} lines, over {limit}")
    for key in sorted(set(listed) - listed_seen):
        violations += 1
        print(f"{key[0]}: {key[1]} is listed as long but is now within {MAX_FUNCTION_LINES} lines"
              " (or gone): remove it from LONG_FUNCTIONS in scripts/lib/code_shape.py")
    return violations


def main():
    arguments = sys.argv[1:]
    if "-h" in arguments or "--help" in arguments:
        print(__doc__.strip())
        return 0
    show_graph = "--graph" in arguments
    rest = [argument for argument in arguments if argument != "--graph"]
    if len(rest) > 1 or any(argument.startswith("-") for argument in rest):
        print("usage: code_shape.py [--graph] [SOURCES]", file=sys.stderr)
        return 64
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sources = rest[0] if rest else os.path.join(root, "Sources")
    if not os.path.isdir(sources):
        print(f"code_shape.py: no directory '{sources}'", file=sys.stderr)
        return 64
    violations = check(sources, show_graph)
    if violations:
        print(f"code shape: {violations} violation(s)")
        return 1
    print("code shape: every folder graph is acyclic, no file over"
          f" {MAX_FILE_LINES} lines, no new function over {MAX_FUNCTION_LINES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
