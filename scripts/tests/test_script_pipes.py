"""The scripts' pipelines under `set -o pipefail`: run by scripts/test.

python3 -m unittest discover -s scripts/tests

A reader that stops early (`head -n 5`, `grep -q`) closes its pipe while the writer still writes; the writer
dies of SIGPIPE, and under pipefail the pipeline, and with `set -e` the script, fails with exit 141.
scripts/perf-record did so after writing its results whenever `grep` still had lines to write when `head`
had its five. These tests run the scripts' own shell functions on inputs large enough to make SIGPIPE
certain, check that the old form fails on the same input (so the input is large enough), and scan the
scripts for pipelines into an early-stopping reader.
"""

import os
import re
import shutil
import stat
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.normpath(os.path.join(HERE, ".."))

# The scripts whose pipelines this guards (scripts/test is not among them: see the test below).
GUARDED = ["perf-record", "valgrind", "heaptrack", "soak", "cachebench", "lib/setup.sh"]


def shell_function(script, name):
    """The text of the shell function `name` defined in scripts/`script` (from `name() {` to the `}` at the
    start of a line)."""
    with open(os.path.join(SCRIPTS, script), encoding="utf-8") as source:
        text = source.read()
    match = re.search(r"^" + re.escape(name) + r"\(\) \{\n.*?^\}\n", text, re.MULTILINE | re.DOTALL)
    if not match:
        raise AssertionError(f"scripts/{script} defines no function {name}()")
    return match.group(0)


def run_bash(body, *args, env=None):
    """Runs `body` with `set -euo pipefail`, as the scripts do; (exit status, stdout, stderr)."""
    completed = subprocess.run(
        ["bash", "-c", "set -euo pipefail\n" + body, "bash", *args],
        capture_output=True, text=True, env=env, timeout=60,
    )
    return completed.returncode, completed.stdout, completed.stderr


class PipefailTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="cachebench-pipes-")
        self.addCleanup(shutil.rmtree, self.directory)

    def long_report(self):
        """A demangled perf report of 200,000 symbols: far more than a pipe holds."""
        path = os.path.join(self.directory, "report.txt")
        with open(path, "w", encoding="utf-8") as report:
            report.write("# Samples: 200K of event 'cpu-clock'\n#\n")
            for index in range(200_000):
                report.write(f"     0.00%  cachebench   [.] InFlightImageCache.lookup{index}(_:)     \n")
        return path

    def test_the_top_symbols_of_a_long_report_end_the_script_without_sigpipe(self):
        report = self.long_report()
        status, output, error = run_bash(
            shell_function("perf-record", "top_symbols") + 'top_symbols "$1"\necho finished\n', report
        )
        self.assertEqual((status, error), (0, ""))
        lines = output.splitlines()
        self.assertEqual(len(lines), 6)
        self.assertEqual(lines[0], "     0.00%  cachebench   [.] InFlightImageCache.lookup0(_:)")
        self.assertEqual(lines[-1], "finished")

    def test_the_old_top_symbols_pipeline_fails_on_the_same_report(self):
        # What scripts/perf-record ran before: proof that the report is long enough to make SIGPIPE certain.
        status, _, _ = run_bash(
            "grep -E '^ +[0-9.]+%' \"$1\" | head -n 5 | sed 's/ *$//' | cut -c1-160\necho finished\n",
            self.long_report(),
        )
        self.assertEqual(status, 141)

    def fake_perf(self):
        """A `perf` whose `stat` prints a cycle count and then a megabyte more on stderr."""
        path = os.path.join(self.directory, "perf")
        with open(path, "w", encoding="utf-8") as fake:
            fake.write("#!/usr/bin/env bash\necho '123456,,cycles,100.00,,' >&2\n"
                       "head -c 1048576 /dev/zero | tr '\\0' 'x' >&2\necho >&2\n")
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
        return path

    def test_the_cycles_probe_reads_all_that_perf_stat_prints(self):
        env = dict(os.environ, CACHEBENCH_PERF=self.fake_perf())
        status, output, error = run_bash(
            shell_function("perf-record", "perf_counts_cycles")
            + "if perf_counts_cycles; then echo cycles; else echo cpu-clock; fi\n",
            env=env,
        )
        self.assertEqual((status, output, error), (0, "cycles\n", ""))

    def test_the_old_cycles_probe_missed_the_cycles_on_the_same_output(self):
        env = dict(os.environ, CACHEBENCH_PERF=self.fake_perf())
        status, output, _ = run_bash(
            "if \"$CACHEBENCH_PERF\" stat -x, -e cycles -- true 2>&1 >/dev/null | grep -q '^[0-9]'; then\n"
            "  echo cycles\nelse\n  echo cpu-clock\nfi\n",
            env=env,
        )
        self.assertEqual((status, output), (0, "cpu-clock\n"))

    def test_no_guarded_script_pipes_into_a_reader_that_stops_early(self):
        # `| head`, `| grep -q`, `| grep -m N`: each may close its pipe before the writer is done.
        early = re.compile(r"(?<!\|)\|(?!\|)\s*(head\b|grep\b[^|;]*\s(-[a-zA-Z]*[qm]|--quiet|--silent|--max-count))")
        found = []
        for script in GUARDED:
            with open(os.path.join(SCRIPTS, script), encoding="utf-8") as source:
                text = source.read().replace("\\\n", " ")
            for number, line in enumerate(text.splitlines(), 1):
                code = line.split(" #", 1)[0] if not line.lstrip().startswith("#") else ""
                if early.search(code):
                    found.append(f"scripts/{script}: {line.strip()}")
        self.assertEqual(found, [])


if __name__ == "__main__":
    unittest.main()
