"""Tests of scripts/lib/code_shape.py, the check that each module's folders depend one way, that no file
is over 400 lines and no function over 60: on small trees made here, then on the package's Sources. Run
by scripts/test.

python3 -m unittest discover -s scripts/tests
"""

import contextlib
import io
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))

import code_shape  # noqa: E402


class CodeShapeTests(unittest.TestCase):
    def tree(self, files):
        """A Sources directory with one module, Core, holding `files` ({relative path: text})."""
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        for relative, text in files.items():
            path = os.path.join(directory, "Core", relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as file:
                file.write(text)
        return directory

    def check(self, sources, listed=None):
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            violations = code_shape.check(sources, listed={} if listed is None else listed)
        return violations, output.getvalue()

    def test_a_cycle_between_two_folders_is_named_with_its_references(self):
        sources = self.tree({
            "Clock/Clock.swift": "struct Clock {\n  var queue: TimerQueue\n}\n",
            "Timers/TimerQueue.swift": "struct TimerQueue {\n  let clock: Clock\n}\n",
        })
        violations, output = self.check(sources)
        self.assertEqual(violations, 1)
        self.assertIn("the folders Clock, Timers depend on one another in a cycle", output)
        self.assertIn("Clock -> Timers: TimerQueue (Clock.swift)", output)
        self.assertIn("Timers -> Clock: Clock (TimerQueue.swift)", output)

    def test_one_way_dependencies_and_names_in_comments_or_strings_pass(self):
        sources = self.tree({
            "Clock/Clock.swift": "/// Feeds a `TimerQueue`.\nstruct Clock {\n  let name = \"TimerQueue\"\n}\n",
            "Timers/TimerQueue.swift": "struct TimerQueue {\n  let clock: Clock\n}\n",
        })
        self.assertEqual(self.check(sources), (0, ""))

    def test_a_member_an_extension_adds_elsewhere_is_a_dependency_on_that_folder(self):
        sources = self.tree({
            "Metrics/Stripes.swift": "struct Stripes {\n  let count = Stripes.defaultCount\n}\n",
            "Driver/Stripes+Count.swift":
                "extension Stripes {\n  static var defaultCount: Int { Recorder.size }\n}\n",
            "Driver/Recorder.swift": "enum Recorder {\n  static let size = 4\n}\n",
        })
        violations, output = self.check(sources)
        self.assertEqual(violations, 1)
        self.assertIn("Metrics -> Driver: Stripes.defaultCount (Stripes.swift)", output)

    def test_a_long_file_and_a_long_function_are_violations(self):
        body = "".join(f"  let x{n} = {n}\n" for n in range(61))
        sources = self.tree({
            "A/Long.swift": "func tooLong() {\n" + body + "}\n" + "\n" * 340,
        })
        violations, output = self.check(sources)
        self.assertEqual(violations, 2)
        self.assertIn("Core/A/Long.swift: 403 lines, over 400", output)
        self.assertIn("Core/A/Long.swift:1: func tooLong is 63 lines, over 60", output)

    def test_a_listed_long_function_may_not_grow_and_must_be_unlisted_once_short(self):
        body = "".join(f"  let x{n} = {n}\n" for n in range(61))
        sources = self.tree({"A/Long.swift": "func tooLong() {\n" + body + "}\n"})
        self.assertEqual(self.check(sources, {("Core/A/Long.swift", "func tooLong"): 63})[0], 0)
        violations, output = self.check(sources, {("Core/A/Long.swift", "func tooLong"): 62})
        self.assertEqual(violations, 1)
        self.assertIn("func tooLong is 63 lines, over its listed 62", output)
        violations, output = self.check(sources, {("Core/A/Long.swift", "func tooLong"): 63,
                                                  ("Core/A/Gone.swift", "func gone"): 70})
        self.assertEqual(violations, 1)
        self.assertIn("Core/A/Gone.swift: func gone is listed as long but is now within 60", output)

    def test_a_function_of_sixty_lines_passes(self):
        body = "".join(f"  let x{n} = {n}\n" for n in range(58))
        sources = self.tree({"A/Short.swift": "func justRight() {\n" + body + "}\n"})
        self.assertEqual(self.check(sources), (0, ""))

    def test_the_package_sources_have_the_shape(self):
        violations, output = self.check(os.path.join(HERE, "..", "..", "Sources"),
                                        listed=code_shape.LONG_FUNCTIONS)
        self.assertEqual(violations, 0, output)


if __name__ == "__main__":
    unittest.main()
