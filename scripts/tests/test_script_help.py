"""The scripts' --help and usage errors: run by scripts/test.

python3 -m unittest discover -s scripts/tests

`--help` (and `-h`) prints the script's help on stdout and exits 0, before anything is installed or built;
a usage error says so on stderr and exits 64. Each script runs with stand-ins for the tools that install or
build (swift, apt-get, pkg-config, perf, valgrind, ...) first on PATH: a stand-in that is run writes its name
to a log and fails, so a script that got as far as installing or building is caught, and nothing is built.
scripts/test is run here only with --help or bad input, which it refuses before it builds (otherwise it would
run the whole suite); scripts/ci-gate and scripts/plot have tests of their own.
"""

import os
import shutil
import stat
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.normpath(os.path.join(HERE, ".."))

HELPED = [
    ["perf-record"],
    ["valgrind"],  # valgrind TOOL ... takes --help in place of the tool and after it
    ["valgrind", "callgrind"],
    ["heaptrack"],
    ["soak"],
    ["cachebench"],
    ["fault-mixes"],
    ["test"],
]
# Usage errors each script finds before it builds (other bad options go to cachebench, after the build).
USAGE_ERRORS = [
    ["perf-record", "--call-graph", "lbr"],
    ["perf-record", "--frequency", "often"],
    ["valgrind"],
    ["valgrind", "cachegrind"],
    ["valgrind", "massif", "--variant"],
    ["heaptrack", "--requests", "100"],
    ["soak", "--bogus"],
    ["soak", "-o"],
    ["soak", "--run-csv"],
    ["soak", "--max-trend"],
    ["soak", "-o", ""],
    ["fault-mixes", "--out"],
    ["fault-mixes", "--keys", "100", "--fail-rate", "1"],
    ["test", "--quick"],
]
STAND_INS = ["swift", "swiftc", "apt-get", "sudo", "pkg-config", "perf", "perf_6.1", "valgrind", "heaptrack", "gdb",
             "git", "nm"]


class ScriptHelpTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="cachebench-help-")
        self.addCleanup(shutil.rmtree, self.directory)
        self.log = os.path.join(self.directory, "ran.log")
        bin_directory = os.path.join(self.directory, "bin")
        os.mkdir(bin_directory)
        for name in STAND_INS:
            path = os.path.join(bin_directory, name)
            with open(path, "w", encoding="utf-8") as stand_in:
                stand_in.write(f"#!/bin/sh\necho {name} \"$@\" >>'{self.log}'\nexit 99\n")
            os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
        self.env = dict(os.environ, PATH=bin_directory + os.pathsep + os.environ.get("PATH", ""))

    def run_script(self, arguments, environment=None):
        completed = subprocess.run(
            [os.path.join(SCRIPTS, arguments[0])] + arguments[1:], capture_output=True, text=True,
            env=dict(self.env, **(environment or {})), cwd=self.directory, stdin=subprocess.DEVNULL, timeout=60,
        )
        ran = open(self.log, encoding="utf-8").read() if os.path.exists(self.log) else ""
        return completed.returncode, completed.stdout, completed.stderr, ran

    def test_help_goes_to_stdout_and_exits_0_before_anything_is_installed_or_built(self):
        for command in HELPED:
            for flag in ("--help", "-h"):
                with self.subTest(command=" ".join(command + [flag])):
                    status, output, error, ran = self.run_script(command + [flag])
                    self.assertEqual((status, error, ran), (0, "", ""))
                    self.assertIn("scripts/" + command[0], output)

    def test_help_after_other_options_is_still_help(self):
        status, output, error, ran = self.run_script(
            ["perf-record", "--variant", "coalescing/inside", "--requests", "100", "--help"]
        )
        self.assertEqual((status, error, ran), (0, "", ""))
        self.assertIn("--call-graph MODE", output)

    def test_a_usage_error_goes_to_stderr_and_exits_64(self):
        for command in USAGE_ERRORS:
            with self.subTest(command=" ".join(command)):
                status, output, error, ran = self.run_script(command)
                self.assertEqual((status, output, ran), (64, "", ""))
                self.assertNotEqual(error, "")

    def test_scripts_test_refuses_a_bad_setting_in_one_line_before_it_builds(self):
        # Not after the whole plain pass, minutes later, as it did when the sanitizer passes read them.
        for name, value in (("CACHEBENCH_SANITIZERS", "memory"), ("CACHEBENCH_SANITIZER_WIDTH", "0")):
            with self.subTest(setting=f"{name}={value}"):
                status, output, error, ran = self.run_script(["test"], {name: value})
                self.assertEqual((status, output, ran), (64, "", ""))
                self.assertEqual(error.count("\n"), 1)
                self.assertIn(f"{name}: ", error)

    def test_an_option_without_its_value_is_a_one_line_usage_error(self):
        # Not bash's "unbound variable" under set -u (exit 1), but the script's own line and 64.
        for command in (["soak", "-o"], ["soak", "--run-csv"], ["soak", "--max-trend"]):
            with self.subTest(command=" ".join(command)):
                status, output, error, ran = self.run_script(command)
                self.assertEqual((status, output, ran), (64, "", ""))
                self.assertEqual(error, f"cachebench: missing value for {command[1]}; usage: scripts/soak"
                                 " [-o rss.csv] [--run-csv FILE] [--max-trend F] [PROFILE] [-- cachebench options]\n")


if __name__ == "__main__":
    unittest.main()
