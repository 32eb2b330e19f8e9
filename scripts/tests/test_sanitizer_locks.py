"""No Swift file of the package's Sources or Tests keeps a value in a plain `Synchronization.Mutex`: the
thread sanitizer cannot see a contended hand-over of one (it happens in the uninstrumented
libswiftSynchronization.so), so two critical sections it excluded are reported as a data race and
`scripts/test`'s sanitizer pass fails at random, as CI did on a test's call counter. Shared state uses
`SanitizerVisibleMutex`; a `Mutex<Void>` holds nothing the sanitizer could see raced. Run by scripts/test.

python3 -m unittest discover -s scripts/tests
"""

import os
import re
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(HERE, "..", "lib"))

from code_shape import code_lines  # noqa: E402

# `Mutex<T>` or `Mutex(` not part of a longer name (`SanitizerVisibleMutex`, `InstrumentedMutex`).
PLAIN_MUTEX = re.compile(r"(?<![A-Za-z0-9_])Mutex\s*(<|\()")
# The one file that wraps `Mutex`, and the value-less lock.
WRAPPER = os.path.join("Platform", "SanitizerVisibleMutex.swift")
VALUELESS = re.compile(r"(?<![A-Za-z0-9_])Mutex<Void>")


def plain_mutexes(directories):
    """(path, line number, line) of every plain `Mutex` with a value under `directories`."""
    found = []
    for top in directories:
        for directory, _, names in os.walk(top):
            for name in sorted(names):
                path = os.path.join(directory, name)
                if not name.endswith(".swift") or path.endswith(WRAPPER):
                    continue
                with open(path, encoding="utf-8") as file:
                    lines = code_lines(file.read())
                for number, line in enumerate(lines, start=1):
                    if PLAIN_MUTEX.search(VALUELESS.sub("", line)):
                        found.append((os.path.relpath(path, top), number, line.strip()))
    return found


class SanitizerLockTests(unittest.TestCase):
    def tree(self, files):
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        for relative, text in files.items():
            path = os.path.join(directory, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as file:
                file.write(text)
        return directory

    def test_a_plain_mutex_with_a_value_is_found_in_either_form(self):
        top = self.tree({
            "A/Counter.swift": "let counts = Mutex<[String: Int]>([:])\nlet state = Mutex(State())\n",
        })
        self.assertEqual([(path, line) for path, line, _ in plain_mutexes([top])],
                         [("A/Counter.swift", 1), ("A/Counter.swift", 2)])

    def test_the_wrapper_the_valueless_lock_longer_names_and_comments_pass(self):
        top = self.tree({
            "Platform/SanitizerVisibleMutex.swift": "  let mutex: Mutex<Value>\n",
            "A/Table.swift": ("let creation = Mutex<Void>(())\n"
                              "let counts = SanitizerVisibleMutex<[Int: Int]>([:])\n"
                              "let table = InstrumentedMutex(Table())  // was: Mutex(Table())\n"
                              "let text = \"Mutex(1)\"\n"),
        })
        self.assertEqual(plain_mutexes([top]), [])

    def test_the_package_sources_and_tests_keep_no_value_in_a_plain_mutex(self):
        found = plain_mutexes([os.path.join(ROOT, "Sources"), os.path.join(ROOT, "Tests")])
        self.assertEqual(found, [], "use SanitizerVisibleMutex: "
                         + "; ".join(f"{path}:{line}: {text}" for path, line, text in found))


if __name__ == "__main__":
    unittest.main()
