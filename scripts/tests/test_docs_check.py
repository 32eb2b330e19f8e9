"""Tests of scripts/lib/docs_check.py, the docs check's reader of pages: run by scripts/test.

python3 -m unittest discover -s scripts/tests
"""

import os
import sys
import tempfile
import unittest
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))

import docs_check  # noqa: E402

COLUMNS = ["requests", "latency_p50_ns", "latency_p99_ns", "actor_wait_p50_ns", "fetch_latency_p50_ns"]


def package(readme, pages=None):
    """A scratch package root with README.md, docs/*.md and scripts/cachebench."""
    root = Path(tempfile.mkdtemp(prefix="docs-check-test-"))
    (root / "docs").mkdir()
    (root / "scripts").mkdir()
    (root / "Profiles").mkdir()
    (root / "scripts" / "cachebench").write_text("#!/bin/sh\n")
    (root / "README.md").write_text(readme)
    for name, text in (pages or {}).items():
        (root / "docs" / name).write_text(text)
    return root


def findings(root, help_text="  --requests <n>  Requests.\n"):
    found = []
    for page in docs_check.pages(root):
        docs_check.check_page(root, page, docs_check.help_options(help_text), COLUMNS, set(COLUMNS), found)
    return found


class RunnableBlocksTests(unittest.TestCase):
    def test_a_sh_block_runs_every_command_without_its_comment_and_joins_continuations(self):
        root = package("<!-- runnable: --requests 10 -->\n```sh\nscripts/cachebench --keys 5   # a run\n"
                       "scripts/plot \\\n  -o plots r.json\n```\n")
        [(_, line, arguments, commands)] = docs_check.runnable_blocks(root)
        self.assertEqual(line, 2)
        self.assertEqual(arguments, "--requests 10")
        self.assertEqual(commands, ["scripts/cachebench --keys 5", "scripts/plot -o plots r.json"])

    def test_a_sample_block_runs_only_its_dollar_lines(self):
        root = package("<!-- runnable -->\n```\n$ scripts/cachebench calibrate   # 2 cores\nmechanism  cost\n"
                       "clock read  9.2ns\n```\n")
        [(_, _, arguments, commands)] = docs_check.runnable_blocks(root)
        self.assertEqual(arguments, "")
        self.assertEqual(commands, ["scripts/cachebench calibrate"])

    def test_an_unmarked_block_is_not_run(self):
        root = package("```sh\nscripts/cachebench\n```\n")
        self.assertEqual(docs_check.runnable_blocks(root), [])

    def test_a_block_that_fails_or_runs_too_long_is_reported_and_one_that_passes_is_not(self):
        root = package("<!-- runnable -->\n```sh\ntrue\n```\n<!-- runnable -->\n```sh\nexit 3\n```\n"
                       "<!-- runnable -->\n```sh\nsleep 5\n```\n")
        saved, docs_check.BLOCK_TIMEOUT_S = docs_check.BLOCK_TIMEOUT_S, 0.5
        try:
            found = []
            docs_check.run_blocks(root, found)
        finally:
            docs_check.BLOCK_TIMEOUT_S = saved
        self.assertEqual(len(found), 2, found)
        self.assertIn("README.md:6: runnable block exited 3", found[0])
        self.assertIn("README.md:10: runnable block still running after 0.5 s", found[1])

    def test_a_marker_without_a_block_is_reported(self):
        root = package("<!-- runnable -->\nplain text\n")
        found = []
        docs_check.run_blocks(root, found)
        self.assertEqual(len(found), 1)
        self.assertIn("must be followed by a fenced block", found[0])


class ReadmeTests(unittest.TestCase):
    def test_the_readme_opens_with_the_two_commands_and_stays_short(self):
        good = "# x\n\n```sh\nscripts/cachebench --shards 8 --keys 10000   # run\nscripts/test  # test\n```\n"
        found = []
        docs_check.check_readme(package(good), found)
        self.assertEqual(found, [])
        docs_check.check_readme(package(good.replace("scripts/test", "swift test")), found)
        docs_check.check_readme(package(good + "line\n" * 200), found)
        self.assertEqual(len(found), 2)


class LengthTests(unittest.TestCase):
    def test_a_page_over_the_limit_is_reported_and_one_at_it_is_not(self):
        root = package("# x\n", {"at.md": "line\n" * docs_check.PAGE_LINES,
                                  "over.md": "line\n" * (docs_check.PAGE_LINES + 1)})
        found = []
        docs_check.check_lengths(root, found)
        self.assertEqual(len(found), 1, found)
        self.assertIn("docs/over.md: %d lines" % (docs_check.PAGE_LINES + 1), found[0])


class OptionReferenceTests(unittest.TestCase):
    def test_the_reference_is_read_from_the_options_page_and_a_missing_page_is_reported(self):
        help_text = "USAGE: cachebench\n  --keys <n>  Keys.\n"
        block = docs_check.help_block(help_text)
        found = []
        docs_check.check_help(package("# x\n"), help_text, False, found)
        self.assertEqual(len(found), 1)
        self.assertIn("docs/options.md: missing", found[0])
        found = []
        docs_check.check_help(package("# x\n", {"options.md": "# Options\n\n" + block + "<!-- END GENERATED -->\n"}),
                              help_text, False, found)
        self.assertEqual(found, [])
        found = []
        docs_check.check_help(package("# x\n", {"options.md": "# Options\n\n" + block.replace("Keys", "Kays")
                                                  + "<!-- END GENERATED -->\n"}), help_text, False, found)
        self.assertEqual(len(found), 1)
        self.assertIn("docs/options.md: the option reference differs", found[0])


class PageTests(unittest.TestCase):
    def test_names_that_exist_pass(self):
        root = package("Run `scripts/cachebench --requests 5`; see `latency_p50_ns`, `actor_wait`, "
                       "`latency_*`, [a page](docs/a.md#its-heading).\n", {"a.md": "# Its heading\n"})
        self.assertEqual(findings(root), [])

    def test_an_unknown_option_path_column_link_and_anchor_are_each_reported(self):
        root = package("`--request`, `scripts/gone`, `latency_p50_nanos`, [x](docs/none.md), "
                       "[y](docs/a.md#nowhere)\n", {"a.md": "# Its heading\n"})
        found = "\n".join(findings(root))
        for text in ("option --request", "path scripts/gone", "`latency_p50_nanos`", "link docs/none.md",
                     "no heading #nowhere"):
            self.assertIn(text, found)

    def test_placeholders_end_the_path_checked(self):
        root = package("`Profiles/baselines/NAME.json`, `Profiles/<name>.json`\n")
        (root / "Profiles" / "baselines").mkdir()
        self.assertEqual(findings(root), [])

    def test_names_that_do_not_look_like_columns_are_not_checked(self):
        root = package("`total_seconds` `swift_task_switch` `CACHEBENCH_CALIBRATION` `hit`\n")
        self.assertEqual(findings(root), [])

    def test_anchors_follow_github(self):
        self.assertEqual(docs_check.anchor("Repetitions and ratios (`--repeat`, `--reference`)"),
                         "repetitions-and-ratios---repeat---reference")


if __name__ == "__main__":
    unittest.main()
