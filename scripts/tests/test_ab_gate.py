"""The A/B gate's refusals, failures and exit codes (scripts/ci-gate --against REF): run by scripts/test.

python3 -m unittest discover -s scripts/tests

Each test gates a throwaway git repository (a Package.swift, Profiles/ci.json, and a designs.txt naming the
designs its build registers) with stand-ins first on PATH, so no Swift toolchain is needed and nothing is built:
- `swift` logs its arguments; `package describe` describes one executable product, cachebench; `build` writes
  a stand-in cachebench into its --scratch-path's release directory (else <package>/.build/release), or
  fails when the package holds a file BROKEN; `build --show-bin-path` prints that directory;
- the stand-in cachebench (FAKE_CACHEBENCH) logs each call with its side (base when its path is under
  .build/ci-gate-base, else head), refuses a design its package's designs.txt lacks with cachebench's
  "registered designs: a, b" error, writes a small result for `run --save-baseline`, and passes `paired`,
  `compare` and `baseline`;
- `pkg-config --exists jemalloc` succeeds, so nothing is installed; `apt-get` and `sudo` log and fail;
- `python3` is the interpreter running the tests.
What is checked is what the header of scripts/ci-gate promises: exit codes, the one line that says why, which
binary ran what and in which order. Nothing is timed.
"""
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
CI_GATE = os.path.normpath(os.path.join(HERE, "..", "ci-gate"))

FAKE_SWIFT = r'''#!PYTHON
import json, os, sys
arguments = sys.argv[1:]
with open(os.environ["FAKE_SWIFT_LOG"], "a") as log:
    log.write(json.dumps(arguments) + "\n")

def value(option):
    return arguments[arguments.index(option) + 1] if option in arguments else None

package = os.path.abspath(value("--package-path") or ".")
if arguments[:1] == ["package"] and "describe" in arguments:
    print(json.dumps({
        "name": "gated",
        "products": [{"name": "cachebench", "type": {"executable": None}, "targets": ["cachebench"]}],
        "targets": [{"name": "cachebench", "c99name": "cachebench", "type": "executable",
                     "module_type": "SwiftTarget"}],
    }))
    sys.exit(0)
if arguments[:1] == ["build"]:
    bin_path = os.path.join(os.path.abspath(value("--scratch-path") or os.path.join(package, ".build")), "release")
    if "--show-bin-path" in arguments:
        print(bin_path)
        sys.exit(0)
    if os.path.exists(os.path.join(package, "BROKEN")):
        print(f"{package}/Sources/cachebench/main.swift:1:1: error: cannot find 'oops' in scope")
        sys.exit(1)
    os.makedirs(bin_path, exist_ok=True)
    product = os.path.join(bin_path, value("--product"))
    with open(os.environ["FAKE_CACHEBENCH"]) as source, open(product, "w") as target:
        target.write(source.read())
    os.chmod(product, 0o755)
    sys.exit(0)
sys.stderr.write(f"fake swift: unexpected arguments {arguments}\n")
sys.exit(99)
'''

# A shell script, not python: it runs about 20 times a gate, and python's start is most of a gate's time.
FAKE_CACHEBENCH = r'''#!/bin/bash
set -euo pipefail
case "$0" in */.build/ci-gate-base/*) side=base ;; *) side=head ;; esac
package="${0%/.build/*}"  # <package>/.build/valgrind/release/cachebench
value() {
  local option="$1"
  shift
  while [ $# -gt 0 ]; do
    if [ "$1" = "$option" ]; then printf '%s' "${2:-}"; return; fi
    shift
  done
}
profile="$(value --profile "$@")"
has_gate=-
if [ -n "$profile" ]; then
  if grep -q '"gate"' "$profile"; then has_gate=yes; else has_gate=no; fi
fi
{ printf '%s\t%s' "$side" "$has_gate"; printf '\t%s' "$@"; printf '\n'; } >>"$FAKE_CACHEBENCH_LOG"
registered="$(tr -d ' \n' <"$package/designs.txt")"
case "${1:-}" in
run)
  designs="$(value --variants "$@")"
  if [ -z "$designs" ]; then
    designs="$(python3 -c 'import json, sys; print(",".join(json.load(open(sys.argv[1]))["variants"]))' "$profile")"
  fi
  for design in ${designs//,/ }; do
    if [[ ",$registered," != *",$design,"* ]]; then
      echo "error: unknown design '$design' for --variants; registered designs: ${registered//,/, }" >&2
      exit 64
    fi
  done
  {
    printf '{"schema": 1, "kind": "baseline", "interrupted": false, "metadata": {"git_commit": "%s",' \
      "${CACHEBENCH_GIT_COMMIT:-unknown}"
    printf ' "tool_version": "0.1.0", "swift_version": "6.3.1", "host_cores": 2, "repetitions": 1},'
    printf ' "scenario": {"seed": 1, "keys": 64, "distribution": "uniform", "requests_target": 1000},'
    printf ' "variants": ['
    separator=""
    for design in ${designs//,/ }; do
      printf '%s{"variant": "%s", "design": "%s", "decode": "none", "shards": 1, "metrics": {' \
        "$separator" "$design" "$design"
      printf '"requests": 1000, "hits": 936, "fetches": 64, "duplicate_fetches": 0, "throughput": 1000000.0}}'
      separator=", "
    done
    printf ']}\n'
  } >"$(value --save-baseline "$@")"
  ;;
paired) echo "paired: within the thresholds (fake)" ;;
compare) printf 'compare: within the thresholds (fake)\nall comparisons:\na row the A/B gate leaves out\n' ;;
baseline) cp "$3" "$2" ;;
*) echo "fake cachebench: unexpected arguments $*" >&2; exit 99 ;;
esac
'''

# The stand-in scripts/valgrind of a copied tool root (ToolRoot below): logs its side and arguments, then
# writes the run's results.json with one instructions_per_request a variant, FAKE_INSTRUCTIONS_BASE or
# _HEAD; fails, with a last line saying why, when FAKE_VALGRIND_FAILS names its side.
FAKE_VALGRIND = r'''#!/bin/bash
set -euo pipefail
value() {
  local option="$1"
  shift
  while [ $# -gt 0 ]; do
    if [ "$1" = "$option" ]; then printf '%s' "${2:-}"; return; fi
    shift
  done
}
package="$(value --package-path "$@")"
case "$package" in */.build/ci-gate-base/*) side=base ;; *) side=head ;; esac
profile="$(value --profile "$@")"
if grep -q '"gate"' "$profile"; then has_gate=yes; else has_gate=no; fi
{ printf '%s\t%s' "$side" "$has_gate"; printf '\t%s' "$@"; printf '\n'; } >>"$FAKE_VALGRIND_LOG"
if [ "${FAKE_VALGRIND_FAILS:-}" = "$side" ]; then
  echo "swift build: error: the static build failed" >&2
  exit 1
fi
designs="$(value --variants "$@")"
if [ -z "$designs" ]; then
  designs="$(python3 -c 'import json, sys; print(",".join(json.load(open(sys.argv[1]))["variants"]))' "$profile")"
fi
if [ "$side" = base ]; then instructions="$FAKE_INSTRUCTIONS_BASE"; else instructions="$FAKE_INSTRUCTIONS_HEAD"; fi
out="$(value --out "$@")"
mkdir -p "$out"
python3 - "$designs" "$instructions" "$out/results.json" <<'PY'
import json, sys
designs, instructions, target = sys.argv[1].split(","), float(sys.argv[2]), sys.argv[3]
counts = {"requests": 20000, "hits": 19999, "joins": 0, "leaders": 1, "errors": 0, "cancellations": 0,
          "fetches": 1, "duplicate_fetches": 0, "instructions_per_request": instructions, "malloc_count": 7}
json.dump({"schema": 1, "kind": "baseline", "interrupted": False, "metadata": {}, "scenario": {},
           "variants": [{"variant": d, "design": d, "decode": "none", "shards": 1, "metrics": counts}
                        for d in designs]}, open(target, "w"))
PY
'''

CALLGRIND_PROFILE = {
    "description": "A callgrind profile for the A/B gate's tests.",
    "variants": ["alpha", "beta"],
    "concurrency": 1,
    "gate": {"reference": "alpha/none", "thresholds": {"instructions_per_request": {"relative": "1%"}}},
}

PROFILE = {
    "description": "A profile for the A/B gate's tests.",
    "variants": ["alpha", "beta"],
    "requests": 1000,
    "gate": {"reference": "alpha/none"},
}


def write_executable(path, text):
    with open(path, "w", encoding="utf-8") as target:
        target.write(text.replace("#!PYTHON\n", f"#!{sys.executable}\n", 1))
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


class ABGateTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="cachebench-ab-gate-")
        self.addCleanup(shutil.rmtree, self.directory)
        tools = os.path.join(self.directory, "bin")
        os.mkdir(tools)
        write_executable(os.path.join(tools, "swift"), FAKE_SWIFT)
        # The gate's own python3 is this interpreter: a version manager's shim can take longer than the gate.
        os.symlink(sys.executable, os.path.join(tools, "python3"))
        self.fake_cachebench = os.path.join(self.directory, "fake-cachebench")
        write_executable(self.fake_cachebench, FAKE_CACHEBENCH)
        write_executable(os.path.join(tools, "pkg-config"), "#!/bin/sh\n[ \"$*\" = '--exists jemalloc' ]\n")
        self.installer_log = os.path.join(self.directory, "installer.log")
        for name in ("apt-get", "sudo"):
            write_executable(os.path.join(tools, name),
                             f"#!/bin/sh\necho {name} \"$@\" >>'{self.installer_log}'\nexit 99\n")
        self.swift_log = os.path.join(self.directory, "swift.log")
        self.cachebench_log = os.path.join(self.directory, "cachebench.log")
        self.env = {
            name: value for name, value in os.environ.items()
            if not name.startswith(("CACHEBENCH_", "GIT_", "GITHUB_"))
        }
        self.env.update(
            PATH=tools + os.pathsep + os.environ.get("PATH", ""),
            FAKE_SWIFT_LOG=self.swift_log,
            FAKE_CACHEBENCH=self.fake_cachebench,
            FAKE_CACHEBENCH_LOG=self.cachebench_log,
            CACHEBENCH_GIT_COMMIT="headcommit",
            GIT_AUTHOR_NAME="test", GIT_AUTHOR_EMAIL="test@example.com",
            GIT_COMMITTER_NAME="test", GIT_COMMITTER_EMAIL="test@example.com",
            GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull,
        )
        self.repo = os.path.join(self.directory, "repo")
        os.makedirs(os.path.join(self.repo, "Profiles"))
        self.git("init", "-q", "-b", "main")
        self.write("Package.swift", "// swift-tools-version:6.0\n// The stand-in swift never reads it.\n")
        self.write(".gitignore", ".build/\n")
        # The base: designs alpha and beta.
        self.write("designs.txt", "alpha, beta\n")
        self.write_profile(PROFILE)
        self.commit("base")
        self.base_sha = self.git("rev-parse", "HEAD")

    # The repository and the gate.

    def git(self, *arguments, cwd=None):
        return subprocess.run(["git", "-C", cwd or self.repo, *arguments], env=self.env, check=True,
                              capture_output=True, text=True).stdout.strip()

    def write(self, name, text):
        with open(os.path.join(self.repo, name), "w", encoding="utf-8") as target:
            target.write(text)

    def write_profile(self, profile):
        self.write(os.path.join("Profiles", "ci.json"), json.dumps(profile, indent=1) + "\n")

    def commit(self, message):
        self.git("add", "-A")
        self.git("commit", "-q", "--allow-empty", "-m", message)

    def head_commit(self, designs="alpha, beta", variants=None):
        """Commits a head revision on top of the base; its profile lists `variants` (the base's by default)."""
        self.write("designs.txt", designs + "\n")
        self.write_profile(dict(PROFILE, variants=variants or PROFILE["variants"]))
        self.commit("head")

    def base_tree(self, sha=None):
        return os.path.join(self.repo, ".build", "ci-gate-base", (sha or self.base_sha)[:12])

    def gate(self, *arguments):
        """Runs scripts/ci-gate on the repository; returns (exit status, stdout, stderr lines)."""
        for log in (self.swift_log, self.cachebench_log):
            if os.path.exists(log):
                os.remove(log)
        result = subprocess.run([CI_GATE, "--package-path", self.repo, *arguments], env=self.env,
                                capture_output=True, text=True, timeout=120)
        return result.returncode, result.stdout, result.stderr.splitlines()

    def swift_calls(self):
        if not os.path.exists(self.swift_log):
            return []
        with open(self.swift_log, encoding="utf-8") as log:
            return [json.loads(line) for line in log]

    def builds(self):
        return [call for call in self.swift_calls() if call[:1] == ["build"] and "--show-bin-path" not in call]

    def cachebench_calls(self, command=None):
        """Each call of a stand-in cachebench: its side, whether its --profile had a gate section, its arguments."""
        if not os.path.exists(self.cachebench_log):
            return []
        with open(self.cachebench_log, encoding="utf-8") as log:
            rows = [line.rstrip("\n").split("\t") for line in log]
        calls = [{"side": row[0], "profile_has_gate": {"yes": True, "no": False}.get(row[1]), "arguments": row[2:]}
                 for row in rows]
        return [call for call in calls if command is None or call["arguments"][:1] == [command]]

    def profile_runs(self):
        """The (side, arguments) of each `run --profile`, in the order they ran."""
        return [(call["side"], call["arguments"]) for call in self.cachebench_calls("run")
                if "--profile" in call["arguments"]]

    def assertNothingInstalled(self):
        self.assertFalse(os.path.exists(self.installer_log), "apt-get or sudo was run")

    def assertPassed(self, status, stdout, errors):
        self.assertEqual(status, 0, "\n".join(errors))
        self.assertTrue(any(line.startswith("cachebench: A/B gate passed against ") for line in errors),
                        "\n".join(errors))
        self.assertNothingInstalled()

    # 1. A revision the repository does not have.

    def test_a_revision_the_repository_does_not_have_is_refused_in_one_line_before_anything_is_built(self):
        status, stdout, errors = self.gate("--against", "no-such-branch", "--rounds", "6")
        self.assertEqual(status, 64, errors)
        self.assertEqual(len(errors), 1, errors)
        self.assertIn("'no-such-branch'", errors[0])
        self.assertEqual(stdout, "")
        self.assertEqual(self.builds(), [])
        self.assertEqual(self.cachebench_calls(), [])
        self.assertFalse(os.path.exists(os.path.join(self.repo, ".build")))
        self.assertNothingInstalled()

    # 2. A base that fails to build.

    def test_a_base_that_fails_to_build_exits_1_naming_the_revision_and_its_log_and_never_passes(self):
        self.write("BROKEN", "the stand-in swift fails to build a package holding this file\n")
        self.commit("a base that does not build")
        broken_sha = self.git("rev-parse", "HEAD")
        os.remove(os.path.join(self.repo, "BROKEN"))
        self.commit("head: builds again")
        status, stdout, errors = self.gate("--against", "HEAD~1", "--rounds", "6")
        self.assertEqual(status, 1, errors)
        log_path = self.base_tree(broken_sha) + ".build.log"
        failed = [line for line in errors if "failed to build" in line]
        self.assertEqual(failed, [
            f"cachebench: the base revision HEAD~1 ({broken_sha[:12]}) failed to build; its log: {log_path}",
        ])
        self.assertEqual(errors[-1], failed[0])
        with open(log_path, encoding="utf-8") as log:
            self.assertIn("error: cannot find 'oops' in scope", log.read())
        self.assertNotIn("passed", stdout + "\n".join(errors))
        self.assertEqual(self.profile_runs(), [])
        self.assertNothingInstalled()

    # 3. A directory where the base worktree goes that is no worktree.

    def test_a_directory_in_the_base_worktrees_place_that_is_no_worktree_exits_1_and_is_left_alone(self):
        self.head_commit()
        cases = {"an earlier commit": ("HEAD~1", self.base_sha), "the head's own commit": ("HEAD", None)}
        for case, (against, sha) in cases.items():
            with self.subTest(case=case):
                tree = self.base_tree(sha or self.git("rev-parse", "HEAD"))
                os.makedirs(tree)
                # Someone's files, even a package: the gate must neither build them nor delete them.
                with open(os.path.join(tree, "Package.swift"), "w", encoding="utf-8") as mine:
                    mine.write("// not the base revision\n")
                with open(os.path.join(tree, "designs.txt"), "w", encoding="utf-8") as mine:
                    mine.write("alpha, beta\n")
                status, stdout, errors = self.gate("--against", against, "--rounds", "6")
                self.assertEqual(status, 1, errors)
                self.assertEqual(errors[-1], f"cachebench: {tree} exists and is not a worktree of {self.repo}; "
                                             "remove it and rerun")
                self.assertEqual([line for line in errors if tree in line], errors[-1:])
                self.assertEqual(len(self.builds()), 1, "only the head is built")
                self.assertEqual(self.profile_runs(), [])
                self.assertEqual(sorted(os.listdir(tree)), ["Package.swift", "designs.txt"])
                self.assertNotIn("passed", stdout + "\n".join(errors))

    # 4. A base worktree that changed since the last gate.

    def test_a_clean_base_worktree_is_reused_and_a_changed_one_made_anew(self):
        self.head_commit()
        tree = self.base_tree()
        self.assertPassed(*self.gate("--against", "HEAD~1", "--rounds", "6"))
        self.assertEqual(self.git("rev-parse", "HEAD", cwd=tree), self.base_sha)

        status, stdout, errors = self.gate("--against", "HEAD~1", "--rounds", "6")
        self.assertPassed(status, stdout, errors)
        self.assertIn(f"cachebench: base HEAD~1 ({self.base_sha[:12]}): reusing the worktree {tree}", errors)

        changes = {
            "an edited file": lambda: self.write(os.path.join(tree, "designs.txt"), "alpha, beta, gamma\n"),
            "another commit checked out": lambda: self.git("checkout", "-q", "--detach", "main", cwd=tree),
        }
        for case, change in changes.items():
            with self.subTest(case=case):
                change()
                status, stdout, errors = self.gate("--against", "HEAD~1", "--rounds", "6")
                self.assertPassed(status, stdout, errors)
                self.assertIn(f"cachebench: base HEAD~1 ({self.base_sha[:12]}): the worktree {tree} had changed; "
                              "made anew", errors)
                self.assertEqual(self.git("rev-parse", "HEAD", cwd=tree), self.base_sha)
                self.assertEqual(self.git("status", "--porcelain", cwd=tree), "")
                self.assertIn(tree, [os.path.normpath(call[call.index("--package-path") + 1])
                                     for call in self.builds()])
                self.assertEqual(len(self.profile_runs()), 12)

    def test_a_changed_base_worktree_that_cannot_be_removed_exits_1_in_one_line(self):
        self.head_commit()
        tree = self.base_tree()
        self.git("worktree", "add", "--detach", "--quiet", tree, self.base_sha)
        self.git("worktree", "lock", tree)
        self.write(os.path.join(tree, "designs.txt"), "alpha, beta, gamma\n")
        status, stdout, errors = self.gate("--against", "HEAD~1", "--rounds", "6")
        self.assertEqual(status, 1, errors)
        self.assertEqual(errors[-1], f"cachebench: the worktree {tree} had changed and could not be removed "
                                     "(locked?); remove it and rerun")
        self.assertEqual(len(self.builds()), 1, "only the head is built")
        self.assertNotIn("passed", stdout + "\n".join(errors))

    # 5. Designs the base does not have.

    def test_designs_the_base_lacks_are_named_and_the_rest_judged_on_both_sides(self):
        self.head_commit(designs="alpha, beta, gamma, delta", variants=["alpha", "gamma", "beta", "delta"])
        status, stdout, errors = self.gate("--against", "HEAD~1", "--rounds", "6")
        self.assertPassed(status, stdout, errors)
        self.assertEqual([line for line in errors if "gamma" in line], [
            "cachebench: Profiles/ci.json: the base revision has no design gamma, delta; judging the rest",
        ])
        runs = self.profile_runs()
        self.assertEqual(len(runs), 12)
        for side, arguments in runs:
            self.assertEqual(arguments[arguments.index("--variants") + 1], "alpha,beta", (side, arguments))
        self.assertEqual(len(self.cachebench_calls("paired")), 1)
        self.assertEqual(len(self.cachebench_calls("compare")), 1)

    def test_a_profile_none_of_whose_designs_the_base_has_exits_1(self):
        self.head_commit(designs="gamma", variants=["gamma"])
        status, stdout, errors = self.gate("--against", "HEAD~1", "--rounds", "6")
        self.assertEqual(status, 1, errors)
        self.assertEqual(errors[-1], "cachebench: Profiles/ci.json: the base revision has none of its designs; "
                                     "nothing to judge")
        self.assertEqual(self.profile_runs(), [])
        self.assertNotIn("passed", stdout + "\n".join(errors))

    # 6. Bad --rounds, --rounds without --against, and --against with --update-baseline.

    def test_bad_rounds_and_against_with_update_baseline_are_refused_in_one_line_before_anything_runs(self):
        refusals = {
            ("--against", "HEAD", "--rounds", "5"): "invalid value '5' for --rounds: must be 6...100",
            ("--against", "HEAD", "--rounds", "101"): "invalid value '101' for --rounds: must be 6...100",
            ("--against", "HEAD", "--rounds", "x"): "invalid value 'x' for --rounds: must be 6...100",
            ("--against", "HEAD", "--rounds=x"): "invalid value 'x' for --rounds: must be 6...100",
            ("--against", "HEAD", "--update-baseline"): "--against and --update-baseline cannot be used together",
            # Rounds are the A/B gate's alone: the stored gate would run without them, unsaid.
            ("--rounds", "8"): "--rounds needs --against REF: only the A/B gate runs rounds",
            ("--rounds=8", "--update-baseline"): "--rounds needs --against REF",
            ("--build-base",): "--build-base needs --against REF",
            ("--against", "HEAD", "--build-base", "--rounds", "8"): "--build-base runs no rounds",
        }
        for arguments, message in refusals.items():
            with self.subTest(arguments=arguments):
                status, stdout, errors = self.gate(*arguments)
                self.assertEqual(status, 64, errors)
                self.assertEqual(len(errors), 1, errors)
                self.assertIn(message, errors[0])
                self.assertEqual(stdout, "")
                self.assertEqual(self.swift_calls(), [])
        self.env["CACHEBENCH_GATE_ROUNDS"] = "3"
        status, _, errors = self.gate("--against", "HEAD")
        self.assertEqual((status, errors), (64, ["cachebench: invalid value '3' for --rounds: must be 6...100 "
                                                 "(6 is the fewest with a 95% interval)"]))
        self.assertNothingInstalled()

    # 7. The order of the rounds, and what each side runs.

    def test_rounds_alternate_base_first_then_head_first_and_only_the_head_judges(self):
        self.head_commit()
        status, stdout, errors = self.gate("--against", "HEAD~1", "--rounds", "7")
        self.assertPassed(status, stdout, errors)
        # Each run is (the side whose binary ran, the file its figures went to).
        runs = [(side, os.path.basename(arguments[arguments.index("--save-baseline") + 1]))
                for side, arguments in self.profile_runs()]
        self.assertEqual(runs, [(side, f"ci.{side}.{round}.json") for round in range(1, 8)
                                for side in (("base", "head") if round % 2 else ("head", "base"))])
        # The base runs the profile without its gate section; the head runs the profile itself.
        for call in self.cachebench_calls("run"):
            if "--profile" in call["arguments"]:
                self.assertEqual(call["profile_has_gate"], call["side"] == "head", call)
        for command in ("paired", "compare", "baseline"):
            self.assertEqual({call["side"] for call in self.cachebench_calls(command)}, {"head"}, command)
        paired = self.cachebench_calls("paired")[0]["arguments"]
        self.assertEqual(paired[paired.index("--base-name") + 1], f"HEAD~1 ({self.base_sha[:12]})")
        self.assertEqual(paired[paired.index("--head-name") + 1], "headcommit")
        self.assertEqual(len(paired[paired.index("--base") + 1:paired.index("--head")]), 7)
        self.assertIn("paired: within the thresholds (fake)", stdout)
        self.assertNotIn("a row the A/B gate leaves out", stdout)

    def test_both_revisions_are_built_alike_static_in_their_packages_valgrind_build_directory(self):
        # One configuration for the rounds and the callgrind part, and the same on both sides: a ratio of a
        # static build to a shared-runtime one would time the linking, not the change.
        self.head_commit()
        self.assertPassed(*self.gate("--against", "HEAD~1", "--rounds", "6"))
        builds = self.builds()
        self.assertEqual(len(builds), 2, builds)
        packages = [os.path.normpath(call[call.index("--package-path") + 1]) for call in builds]
        self.assertEqual(packages, [self.repo, self.base_tree()])
        for package, call in zip(packages, builds):
            self.assertEqual(os.path.normpath(call[call.index("--scratch-path") + 1]),
                             os.path.join(package, ".build", "valgrind"), call)
            self.assertTrue(os.access(os.path.join(package, ".build", "valgrind", "release", "cachebench"),
                                      os.X_OK), package)
        flags = [sorted(argument for argument in call if not argument.startswith("/")) for call in builds]
        self.assertEqual(flags[0], flags[1])
        self.assertIn("--static-swift-stdlib", flags[0])
        for call in builds:
            self.assertEqual(call[call.index("-c") + 1], "release", call)
        self.assertEqual({side for side, _ in self.profile_runs()}, {"base", "head"})

    def test_build_base_builds_the_base_alone_and_the_gate_after_it_reuses_that_worktree(self):
        # What .ci/run starts beside scripts/test: the base built, the head not built, nothing run.
        self.head_commit()
        status, stdout, errors = self.gate("--against", "HEAD~1", "--build-base")
        self.assertEqual(status, 0, errors)
        self.assertEqual(stdout, "")
        tree = self.base_tree()
        self.assertEqual([os.path.normpath(call[call.index("--package-path") + 1]) for call in self.builds()],
                         [tree])
        self.assertEqual(errors[-1], f"cachebench: base HEAD~1 ({self.base_sha[:12]}) built: "
                                     f"{tree}/.build/valgrind/release/cachebench; "
                                     "scripts/ci-gate --against HEAD~1 reuses it")
        self.assertEqual(self.cachebench_calls(), [])
        status, stdout, errors = self.gate("--against", "HEAD~1", "--rounds", "6")
        self.assertPassed(status, stdout, errors)
        self.assertIn(f"cachebench: base HEAD~1 ({self.base_sha[:12]}): reusing the worktree {tree}", errors)
        self.assertEqual(len(self.profile_runs()), 12)

    # 8. The callgrind part: both revisions once under callgrind, when the package has the profile.

    def tool_root(self):
        """A copy of scripts/ci-gate and scripts/lib whose scripts/valgrind is the stand-in: returns its
        ci-gate."""
        root = os.path.join(self.directory, "tools")
        scripts = os.path.join(root, "scripts")
        shutil.copytree(os.path.join(HERE, "..", "lib"), os.path.join(scripts, "lib"))
        shutil.copy2(CI_GATE, os.path.join(scripts, "ci-gate"))
        write_executable(os.path.join(scripts, "valgrind"), FAKE_VALGRIND)
        self.valgrind_log = os.path.join(self.directory, "valgrind.log")
        self.env.update(FAKE_VALGRIND_LOG=self.valgrind_log, FAKE_INSTRUCTIONS_BASE="1000",
                        FAKE_INSTRUCTIONS_HEAD="1000")
        return os.path.join(scripts, "ci-gate")

    def valgrind_calls(self):
        if not os.path.exists(self.valgrind_log):
            return []
        with open(self.valgrind_log, encoding="utf-8") as log:
            return [line.rstrip("\n").split("\t") for line in log]

    def callgrind_gate(self, *arguments):
        gate = self.tool_root()
        result = subprocess.run([gate, "--package-path", self.repo, "--against", "HEAD~1", "--rounds", "6",
                                 *arguments], env=self.env, capture_output=True, text=True, timeout=120)
        return result.returncode, result.stdout, result.stderr.splitlines()

    def test_with_a_callgrind_profile_each_revision_runs_it_once_and_the_head_is_judged_against_the_base(self):
        self.write(os.path.join("Profiles", "callgrind.json"), json.dumps(CALLGRIND_PROFILE) + "\n")
        self.commit("base with a callgrind profile")
        self.base_sha = self.git("rev-parse", "HEAD")
        profile = dict(CALLGRIND_PROFILE, variants=["alpha", "gamma", "beta"])
        self.write(os.path.join("Profiles", "callgrind.json"), json.dumps(profile) + "\n")
        self.head_commit(designs="alpha, beta, gamma")
        status, stdout, errors = self.callgrind_gate()
        self.assertPassed(status, stdout, errors)
        calls = self.valgrind_calls()
        # Three runs a side, alternating, base first; the base runs the profile without its gate
        # section; only the designs the base has; the base's own package and the head's.
        self.assertEqual([(call[0], call[1]) for call in calls], [("base", "no"), ("head", "yes")] * 3)
        for call in calls:
            arguments = call[2:]
            self.assertEqual(arguments[0], "callgrind")
            self.assertEqual(arguments[arguments.index("--variants") + 1], "alpha,beta")
            self.assertEqual(arguments[arguments.index("--product") + 1], "cachebench")
        self.assertIn("cachebench: Profiles/callgrind.json: the base revision has no design gamma; judging the rest",
                      errors)
        # The head's three runs (cut to the counts that repeat) against the median of the base's three.
        baselines = [call["arguments"] for call in self.cachebench_calls("baseline")]
        callgrind_baseline = [b for b in baselines if b[1].endswith("callgrind.base-median.json")]
        self.assertEqual(len(callgrind_baseline), 1, baselines)
        self.assertEqual([os.path.basename(path) for path in callgrind_baseline[0][2:]],
                         [f"callgrind.base.{run}.json" for run in (1, 2, 3)])
        compares = [call["arguments"] for call in self.cachebench_calls("compare")]
        callgrind_compare = [c for c in compares if c[c.index("--profile") + 1] == "Profiles/callgrind.json"]
        self.assertEqual(len(callgrind_compare), 1, compares)
        arguments = callgrind_compare[0]
        self.assertTrue(arguments[1].endswith("callgrind.base-median.json"), arguments)
        self.assertEqual([os.path.basename(path) for path in arguments[2:arguments.index("--profile")]],
                         [f"callgrind.head.{run}.json" for run in (1, 2, 3)])
        self.assertIn("cachebench: Profiles/callgrind.json: instructions per request against the base's: "
                      "within the thresholds", errors)

    def test_without_a_callgrind_profile_a_line_says_instructions_are_not_judged(self):
        self.head_commit()
        status, stdout, errors = self.callgrind_gate()
        self.assertPassed(status, stdout, errors)
        self.assertEqual(self.valgrind_calls(), [])
        self.assertIn(f"cachebench: no Profiles/callgrind.json in {self.repo}: instructions per request are not "
                      "judged (write one to judge them; see docs/ab-gate.md)", errors)

    def test_a_callgrind_run_that_fails_exits_1_in_one_line_and_never_passes(self):
        self.write(os.path.join("Profiles", "callgrind.json"), json.dumps(CALLGRIND_PROFILE) + "\n")
        self.commit("base with a callgrind profile")
        self.head_commit()
        for side in ("base", "head"):
            with self.subTest(side=side):
                self.env["FAKE_VALGRIND_FAILS"] = side
                status, stdout, errors = self.callgrind_gate()
                self.assertEqual(status, 1, errors)
                self.assertEqual(errors[-1], f"cachebench: callgrind: the {side} run of Profiles/callgrind.json "
                                             "exited 1: swift build: error: the static build failed")
                self.assertNotIn("passed", stdout + "\n".join(errors))
                shutil.rmtree(os.path.join(self.directory, "tools"))

    # 9. --help.

    def test_help_prints_the_header_on_stdout_and_exits_0(self):
        for option in ("--help", "-h"):
            with self.subTest(option=option):
                result = subprocess.run([CI_GATE, option], env=self.env, capture_output=True, text=True,
                                        timeout=60)
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertEqual(result.stderr, "")
                self.assertTrue(result.stdout.startswith("The CI performance-regression gate"), result.stdout)
                self.assertIn("--against REF", result.stdout)
                self.assertIn("--rounds N          A/B rounds, 6 to 100", result.stdout)
                self.assertNotIn("set -euo", result.stdout)
                self.assertEqual(self.swift_calls(), [])


if __name__ == "__main__":
    unittest.main()
