#!/usr/bin/env python3
"""Checks README.md and docs/*.md against the tool they describe; scripts/tests/docs-check runs it.

    docs_check.py ROOT HELP OUTPUT... [--update-help] [--no-run]

HELP is `cachebench --help` as printed; each OUTPUT is a file a tiny run wrote: a CSV (results, sweep,
histogram, raw latencies), read for its header line, or a JSON result or comparison, read for its keys and metric names. Each check names the page and line of what it refuses:

- options: every `--name` on a page is an option of `cachebench --help`, an option one of the scripts
  under scripts/ takes (a `case` label such as `--out)`), or an option of another tool listed in
  OTHER_TOOLS_OPTIONS below;
- paths: every relative Markdown link points at a file or directory that exists (and its `#anchor`, if
  any, at a heading of that page), and every path under scripts/, docs/, Profiles/, Examples/, Sources/,
  Tests/ or .ci/ a page names exists (a placeholder in capitals, `NAME`, or in angle brackets is skipped);
- columns: every name in backticks that looks like a metric (snake_case whose first word begins a column
  of one of the CSV headers) is a column, the start of columns (`latency_p50`, `actor_wait`), a pattern
  matching one (`actor_wait_*`), or a key of the JSON result or of a profile;
- the option reference: the block between GENERATED_BEGIN and GENERATED_END in OPTIONS_PAGE
  (docs/options.md) is HELP exactly (--update-help rewrites it instead);
- the README: at most 200 lines, its first block the two commands;
- every page: at most PAGE_LINES (300) lines, so that none grows back into a notebook;
- runnable blocks: every fenced block after a line `<!-- runnable -->` or `<!-- runnable: ARGS -->` runs
  and exits 0 (see run_blocks; docs/development.md documents the marker). --no-run skips them.

Exit 1 with one line per finding, 0 when none.
"""

import fnmatch
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GENERATED_BEGIN = "<!-- BEGIN GENERATED: cachebench --help (scripts/tests/docs-check --update) -->"
GENERATED_END = "<!-- END GENERATED -->"
OPTIONS_PAGE = "docs/options.md"  # the page that holds the option reference
RUNNABLE = re.compile(r"^<!--\s*runnable(?::\s*(.*?))?\s*-->\s*$")

# Options of tools other than cachebench and its scripts, which the pages quote in commands: swift build
# and test, perf, valgrind. Kept by hand, so only options a page shows belong here.
OTHER_TOOLS_OPTIONS = {
    # swift build / swift test / swift run
    "--build-tests", "--sanitize", "--disable-default-traits", "--scratch-path", "--skip-build",
    "--parallel", "--disable-xctest", "--static-swift-stdlib", "--filter", "--package-path",
    "--product", "--show-bin-path", "--type", "--simplified",
    # perf record / report
    "--control", "--call-graph", "--no-children", "--stdio",
    # valgrind and its tools, callgrind_annotate
    "--tool", "--instr-atstart", "--fair-sched", "--soname-synonyms", "--max-snapshots", "--dhat-out-file",
    "--run-libc-freeres", "--num-callers", "--sort",
    # heaptrack
    "--analyze",
    # swift test
    "--no-parallel",
}
# Names in backticks that look like columns but are functions the profiling pages quote.
CODE_SYMBOLS = {"start_thread"}
CODE_SYMBOL_PREFIXES = ("swift_",)  # the Swift runtime's entry points; swift_version is exact anyway
PATH_ROOTS = ("scripts", "docs", "Profiles", "Examples", "Sources", "Tests", ".ci")
PATH_TOKEN = re.compile(r"(?<![\w./<>-])((?:%s)/[A-Za-z0-9_.+/<>*-]*)" % "|".join(re.escape(r) for r in PATH_ROOTS))
OPTION_TOKEN = re.compile(r"(?<![\w/-])(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*)")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
SCRIPT_CASE_LABEL = re.compile(r"(--[a-z][a-z0-9-]*)(?:=\*)?\s*(?:\)|\|)")


def pages(root):
    return [root / "README.md"] + sorted((root / "docs").glob("*.md"))


def header(path):
    with open(path, encoding="utf-8", newline="") as handle:
        first = handle.readline()
    return [name for name in first.strip().split(",") if name]


def anchor(heading):
    """GitHub's anchor of a heading: lower case, punctuation but - and _ dropped, spaces as -."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page):
    found, seen = set(), {}
    in_fence = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        match = re.match(r"^#{1,6}\s+(.*)$", line)
        if match:
            base = anchor(match.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else "%s-%d" % (base, count))
    return found


def script_options(root):
    options = set()
    for script in (root / "scripts").rglob("*"):
        if script.is_file() and "fixtures" not in script.parts and script.suffix in ("", ".py", ".sh"):
            try:
                options.update(SCRIPT_CASE_LABEL.findall(script.read_text(encoding="utf-8")))
            except UnicodeDecodeError:
                pass
    # argparse options of the Python scripts, with or without the .py ending (scripts/gate-trials)
    for script in (root / "scripts").rglob("*"):
        if not script.is_file() or "fixtures" in script.parts or script.suffix not in ("", ".py"):
            continue
        try:
            text = script.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if script.suffix == ".py" or text.startswith("#!/usr/bin/env python3"):
            options.update(re.findall(r"add_argument\(\s*(?:\"-\w\",\s*)?\"(--[a-z][a-z0-9-]*)\"", text))
    return options


def help_options(help_text):
    """The options the help page lists: each entry's own line (`  --keys <n>`, `  -h, --help`)."""
    return set(re.findall(r"^\s+(?:-\w, )?(--[a-z][a-z0-9-]*)", help_text, flags=re.M))


def json_keys(value, keys):
    if isinstance(value, dict):
        for key, item in value.items():
            keys.add(key)
            if key == "metric" and isinstance(item, str):
                keys.add(item)  # a row of compare --format json
            json_keys(item, keys)
    elif isinstance(value, list):
        for item in value:
            json_keys(item, keys)


def known_names(root, columns):
    names = set(columns)
    for profile in (root / "Profiles").rglob("*.json"):
        try:
            json_keys(json.loads(profile.read_text(encoding="utf-8")), names)
        except (ValueError, UnicodeDecodeError):
            pass
    return names


def placeholder(part):
    return re.match(r"^[A-Z][A-Z0-9_]*(\.|$)", part) is not None or "<" in part or "*" in part


def looks_like_metric(token, first_words):
    if token in CODE_SYMBOLS or (token.startswith(CODE_SYMBOL_PREFIXES) and token != "swift_version"):
        return False
    return (re.fullmatch(r"[a-z][a-z0-9]*(?:_[a-z0-9*]+)+", token) is not None
            and token.split("_")[0] in first_words)


def column_known(token, columns, names):
    if token in names:
        return True
    if "*" in token:
        return any(fnmatch.fnmatchcase(column, token) for column in columns)
    return any(column.startswith(token + "_") for column in columns)


def check_page(root, page, options, columns, names, findings):
    first_words = {column.split("_")[0] for column in columns if "_" in column}
    in_fence = False
    generated = False
    relative = page.relative_to(root)
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        where = "%s:%d" % (relative, number)
        if line.strip() == GENERATED_BEGIN:
            generated = True
        elif line.strip() == GENERATED_END:
            generated = False
        if generated:
            continue  # compared with --help as a whole
        if line.startswith("```"):
            in_fence = not in_fence
        for option in OPTION_TOKEN.findall(line):
            if option not in options:
                findings.append("%s: option %s is not in cachebench --help nor taken by a script" % (where, option))
        for token in PATH_TOKEN.findall(line):
            path = token.rstrip(".,:;)")
            parts = path.split("/")
            if any(placeholder(part) for part in parts):
                path = "/".join(parts[: next(i for i, part in enumerate(parts) if placeholder(part))])
            if path and not (root / path).exists():
                findings.append("%s: path %s does not exist" % (where, token))
        if not in_fence:
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue
                file_part, _, fragment = target.partition("#")
                destination = (page.parent / file_part) if file_part else page
                if not destination.exists():
                    findings.append("%s: link %s points at nothing" % (where, target))
                elif fragment and destination.suffix == ".md" and fragment not in anchors(destination):
                    findings.append("%s: link %s: no heading #%s in %s" % (where, target, fragment, destination.relative_to(root)))
            for span in CODE_SPAN.findall(line):
                token = span.strip()
                if looks_like_metric(token, first_words) and not column_known(token, columns, names):
                    findings.append("%s: `%s` looks like a column but no CSV header has it" % (where, token))


def generated_help(page):
    text = page.read_text(encoding="utf-8")
    begin = text.find(GENERATED_BEGIN)
    end = text.find(GENERATED_END)
    if begin < 0 or end < begin:
        return None, text
    return (begin, end), text


def help_block(help_text):
    return "%s\n```\n%s\n```\n" % (GENERATED_BEGIN, help_text.rstrip("\n"))


BLOCK_TIMEOUT_S = 120  # a runnable block takes seconds; the whole check must stay well under two minutes
README_LINES = 200
PAGE_LINES = 300  # every page, the README included: a page answers a task; measurements have pages of their own
README_COMMANDS = ["scripts/cachebench --shards 8 --keys 10000", "scripts/test"]


def check_readme(root, findings):
    """The README stays short and opens with the two commands a newcomer needs."""
    lines = (root / "README.md").read_text(encoding="utf-8").splitlines()
    if len(lines) > README_LINES:
        findings.append("README.md: %d lines, more than %d" % (len(lines), README_LINES))
    fences = [index for index, line in enumerate(lines) if line.startswith("```")]
    first = lines[fences[0] + 1:fences[1]] if len(fences) >= 2 else []
    if [strip_comment(line).strip() for line in first] != README_COMMANDS:
        findings.append("README.md: its first block is not the two commands %s" % " and ".join(README_COMMANDS))


def check_lengths(root, findings):
    """No page is longer than PAGE_LINES."""
    for page in pages(root):
        count = len(page.read_text(encoding="utf-8").splitlines())
        if count > PAGE_LINES:
            findings.append("%s: %d lines, more than %d: split it, or move measurements to a measurements page"
                            % (page.relative_to(root), count, PAGE_LINES))


def check_help(root, help_text, update, findings):
    page = root / OPTIONS_PAGE
    if not page.exists():
        findings.append("%s: missing; it holds the option reference" % OPTIONS_PAGE)
        return
    span, text = generated_help(page)
    if span is None:
        findings.append("%s: no generated option reference (%s ... %s)" % (OPTIONS_PAGE, GENERATED_BEGIN, GENERATED_END))
        return
    begin, end = span
    wanted = help_block(help_text)
    if text[begin:end] == wanted:
        return
    if update:
        page.write_text(text[:begin] + wanted + text[end:], encoding="utf-8")
        print("docs-check: rewrote the option reference in %s from cachebench --help" % OPTIONS_PAGE, file=sys.stderr)
    else:
        findings.append("%s: the option reference differs from cachebench --help; run scripts/tests/docs-check --update"
                        % OPTIONS_PAGE)


def runnable_blocks(root):
    """(page, line, arguments, commands) for each block marked runnable: the commands of a sh block, or the
    `$ ` lines of an output sample, with continuation lines joined and comments dropped."""
    blocks = []
    for page in pages(root):
        lines = page.read_text(encoding="utf-8").splitlines()
        index = 0
        while index < len(lines):
            marker = RUNNABLE.match(lines[index].strip())
            if not marker:
                index += 1
                continue
            fence = index + 1
            if fence >= len(lines) or not lines[fence].startswith("```"):
                blocks.append((page, index + 1, None, None))
                index += 1
                continue
            sample = lines[fence].strip() == "```"
            body = []
            cursor = fence + 1
            while cursor < len(lines) and not lines[cursor].startswith("```"):
                body.append(lines[cursor])
                cursor += 1
            commands, pending = [], ""
            for text in body:
                if sample:
                    if not pending and not text.startswith("$ "):
                        continue
                    text = text[2:] if not pending else text
                line = pending + text
                if line.rstrip().endswith("\\"):
                    pending = line.rstrip()[:-1] + " "
                    continue
                pending = ""
                command = strip_comment(line).strip()
                if command:
                    commands.append(command)
            blocks.append((page, fence + 1, marker.group(1) or "", commands))
            index = cursor + 1
    return blocks


def strip_comment(line):
    """The line without a trailing `# comment` (a # that starts a word outside quotes)."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=False)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    try:
        words = list(lexer)
    except ValueError:
        return line
    return " ".join(shlex.quote(word) if re.search(r"[^\w@%+=:,./-]", word) else word for word in words)


def run_blocks(root, findings):
    """Runs each runnable block's commands in a scratch directory, one bash per block, stopping at the first
    failure. The directory holds `scripts/` (wrappers that run the package's scripts, so a command reads
    as on the page), and links to Profiles/ and Examples/; outputs a command writes land there. A marker's
    ARGS are appended to every `scripts/cachebench` command of its block that measures (a run or a
    sweep; not calibrate, compare or baseline): small sizes, e.g. `--requests 2000 --warmup 100`. `scripts/test` is never run: it is what runs this check."""
    blocks = runnable_blocks(root)
    if not blocks:
        findings.append("no block is marked runnable: the docs check would test no command")
    for page, line, arguments, commands in blocks:
        where = "%s:%d" % (page.relative_to(root), line)
        if commands is None:
            findings.append("%s: a runnable marker must be followed by a fenced block" % where)
            continue
        script = ["set -euo pipefail"]
        for command in commands:
            if command == "scripts/test":
                continue
            if arguments and re.match(r"^scripts/cachebench(\s|$)", command) and not re.match(
                    r"^scripts/cachebench\s+(calibrate|compare|baseline)(\s|$)", command):
                command = "%s %s" % (command, arguments)
            script.append(command)
        if len(script) == 1:
            findings.append("%s: a runnable block with no command to run" % where)
            continue
        with tempfile.TemporaryDirectory(prefix="docs-check-") as scratch:
            scratch = Path(scratch)
            (scratch / "scripts").mkdir()
            for tool in (root / "scripts").iterdir():
                if tool.is_file() and os.access(tool, os.X_OK):
                    wrapper = scratch / "scripts" / tool.name
                    wrapper.write_text("#!/bin/sh\nexec %s \"$@\"\n" % shlex.quote(str(tool)))
                    wrapper.chmod(0o755)
            for directory in ("Profiles", "Examples"):
                (scratch / directory).symlink_to(root / directory)
            started = time.monotonic()
            shown = "; ".join(script[1:])
            try:
                result = subprocess.run(["bash", "-c", "\n".join(script)], cwd=scratch, capture_output=True,
                                        text=True, timeout=BLOCK_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                findings.append("%s: runnable block still running after %g s (%s): give its marker smaller sizes"
                                % (where, BLOCK_TIMEOUT_S, shown))
                continue
            elapsed = time.monotonic() - started
            if result.returncode != 0:
                tail = (result.stderr.strip().splitlines() or [""])[-5:]
                findings.append("%s: runnable block exited %d (%s): %s" % (where, result.returncode, shown, " | ".join(tail)))
            else:
                print("docs-check: %s ran in %.1fs: %s" % (where, elapsed, shown), file=sys.stderr)


def main(argv):
    flags = [arg for arg in argv if arg.startswith("--")]
    positional = [arg for arg in argv if not arg.startswith("--")]
    if len(positional) < 3 or set(flags) - {"--update-help", "--no-run"}:
        print(__doc__, file=sys.stderr)
        return 64
    root = Path(positional[0]).resolve()
    help_text = Path(positional[1]).read_text(encoding="utf-8")
    columns, result_keys = [], set()
    for path in positional[2:]:
        if path.endswith(".json"):
            json_keys(json.loads(Path(path).read_text(encoding="utf-8")), result_keys)
        else:
            columns += [name for name in header(path) if name not in columns]
    options = help_options(help_text) | script_options(root) | OTHER_TOOLS_OPTIONS
    names = known_names(root, columns) | result_keys
    findings = []
    check_help(root, help_text, "--update-help" in flags, findings)
    check_readme(root, findings)
    check_lengths(root, findings)
    for page in pages(root):
        check_page(root, page, options, columns, names, findings)
    if "--no-run" not in flags:
        run_blocks(root, findings)
    for finding in findings:
        print("docs-check: %s" % finding, file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
