"""Tests of the perf and callgrind helpers in scripts/lib, on fixtures: run by scripts/test.

python3 -m unittest discover -s scripts/tests
"""

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))

import callgrind_windows  # noqa: E402
import dhat_window  # noqa: E402
import fold_stacks  # noqa: E402
import massif_window  # noqa: E402
import module_names  # noqa: E402
import package_info  # noqa: E402
import result_metrics  # noqa: E402
import sample_breakdown  # noqa: E402

FIXTURES = os.path.join(HERE, "fixtures")
# The toolchain, where scripts/lib/setup.sh finds it too.
SWIFT_PATH = os.environ.get("PATH", "") + os.pathsep + "/opt/swift/usr/bin"
SWIFTC = shutil.which("swiftc", path=SWIFT_PATH)


def mock_path(path):
    """PATH set to `path` while the block runs (module_names.py runs `swift demangle`)."""
    return mock.patch.dict(os.environ, {"PATH": path})


class FoldStacksTests(unittest.TestCase):
    def test_samples_fold_root_first_with_offsets_dropped_and_kernel_frames_marked(self):
        with open(os.path.join(FIXTURES, "perf-script.txt"), encoding="utf-8") as text:
            stacks = fold_stacks.fold(text)
        self.assertEqual(
            stacks,
            {
                "swift_job_run;swift::runJobInEstablishedExecutorContext;"
                "CoalescingActorCache.admit(_:identity:payload:);PayloadDecoder.decode(_:)": 2,
                "[libdispatch.so];__lll_lock_wait;futex_wait_[k];finish_task_switch.isra.0_[k]": 1,
                "[unknown]": 1,
            },
        )

    def test_inlined_functions_become_frames_and_return_addresses_are_looked_up_one_byte_early(self):
        looked_up = []

        def fake_symbolizer(requests):
            looked_up.extend(sorted(requests))
            return {
                ("/work/.build/profiling/release/cachebench", 0x55D5D6AF): [
                    "CoalescingActorCache.admit", "InlinedHelper",
                ],
            }

        with open(os.path.join(FIXTURES, "perf-script.txt"), encoding="utf-8") as text:
            stacks = fold_stacks.fold(text, ["cachebench"], fake_symbolizer)
        binary = "/work/.build/profiling/release/cachebench"
        # The leaf is looked up at its own address, its caller one byte before its return address.
        self.assertEqual(looked_up, [(binary, 0x55D5D5A0), (binary, 0x55D5D6AF)])
        self.assertEqual(
            stacks[
                "swift_job_run;swift::runJobInEstablishedExecutorContext;"
                "CoalescingActorCache.admit;InlinedHelper;PayloadDecoder.decode(_:)"
            ],
            2,
        )

    def test_a_semicolon_in_a_symbol_cannot_split_a_frame(self):
        self.assertEqual(fold_stacks.frame_name("a;b+0x10", "/x/lib.so"), "a:b")


class SampleBreakdownTests(unittest.TestCase):
    def breakdown(self):
        with open(os.path.join(FIXTURES, "stacks.folded"), encoding="utf-8") as text:
            return sample_breakdown.breakdown(text)

    def test_every_sample_of_the_fixture_lands_in_its_documented_category(self):
        counts, total = self.breakdown()
        self.assertEqual(total, 97)
        self.assertEqual(
            counts,
            {
                # lookup's dictionary find (7) and the retain called from a lookup (3).
                "cache code": 10,
                # Decode inside the cache (20) and outside it, under the client's closure (5).
                "decode": 25,
                # The fetcher filling a payload (4) and its sleep's task switch, under the cache's fetch
                # task (6): runtime frames at the leaf, the fetcher's doing.
                "fake fetcher": 10,
                # A task switch alone (6) and a retain inside a task switch (4).
                "Swift concurrency runtime": 10,
                # The worker draining its queue (5) and an unsymbolised libdispatch frame (1).
                "dispatch": 6,
                # A contended Mutex (2) and a futex wait in the kernel (8).
                "locks/futex": 10,
                # epoll_wait in the kernel (9) and a page fault while filling a payload (3).
                "kernel": 12,
                # Histogram recording (11), a lone retain (2), jemalloc (1).
                "other": 14,
            },
        )

    def test_the_table_lists_every_category_in_order_with_its_share(self):
        counts, total = self.breakdown()
        table = sample_breakdown.render(counts, total).splitlines()
        self.assertEqual([line[:25].strip() for line in table[1:-1]], sample_breakdown.CATEGORIES)
        self.assertEqual(table[2], "decode                           25   25.8%")
        self.assertEqual(table[3], "fake fetcher                     10   10.3%")
        self.assertEqual(table[-1], "total                            97")

    def test_the_top_leaves_are_the_leaf_frames_with_most_samples(self):
        with open(os.path.join(FIXTURES, "stacks.folded"), encoding="utf-8") as text:
            top = sample_breakdown.top_leaves(text.readlines(), 3)
        self.assertEqual(
            top,
            [("PayloadDecoder.decode(_:)", 25), ("finish_task_switch.isra.0_[k]", 17),
             ("swift_task_switch", 12)],
        )

    def test_an_empty_profile_reports_no_share_rather_than_zero_percent(self):
        counts, total = sample_breakdown.breakdown(io.StringIO(""))
        self.assertEqual(total, 0)
        self.assertIn("cache code                        0     n/a", sample_breakdown.render(counts, total))


# A user's designs (in their own package, module MyCaches): frames as `swift demangle --simplified` names them.
USER_STACKS = """\
swift_job_run;(1) suspend resume partial function for TinyStore.lookup(_:);swift_retain 5
BenchmarkDriver.window;protocol witness for Cache.lookup(_:) in conformance SplitStore;TinyStore.lookup(_:);specialized Dictionary.subscript.getter 3
BenchmarkDriver.window;TinyStore.lookup(_:);PayloadDecoder.decode(_:) 2
BenchmarkDriver.window;TinyStore.lookup(_:);Mutex.withLock<A, B>(_:) 4
BenchmarkDriver.window;TinyStoreHelper.run();swift_retain 1
BenchmarkDriver.window;Elsewhere.TinyStore.run();swift_retain 1
swift_job_run;CoalescingActorCache.lookup(_:) 6
swift_job_run;RepositoryActorCache.load(_:) 2
main;CacheBenchCommand.main(arguments:designs:);swift_retain 1
"""


class UserCacheCodeTests(unittest.TestCase):
    def breakdown(self, names=()):
        counts, total = sample_breakdown.breakdown(io.StringIO(USER_STACKS), names)
        self.assertEqual(total, 25)
        return counts

    def test_without_the_users_names_their_frames_are_charged_to_the_runtime_or_the_harness(self):
        counts = self.breakdown()
        self.assertEqual(counts["cache code"], 8)  # the built-in designs only
        self.assertEqual(counts["Swift concurrency runtime"], 5)
        self.assertEqual(counts["other"], 6)

    def test_the_users_names_make_their_frames_cache_code_and_nothing_else_changes(self):
        counts = self.breakdown(["TinyStore", "SplitStore", "designs"])
        # TinyStore under a job (5) and behind the witness (3), beside the built-ins (8); decode and the
        # lock still win when they are nearer the leaf; a longer name, a nested type of the same name in
        # another type and an argument label spelled like a user's global are not the user's.
        self.assertEqual(counts["cache code"], 16)
        self.assertEqual(counts["decode"], 2)
        self.assertEqual(counts["locks/futex"], 4)
        self.assertEqual(counts["other"], 3)
        self.assertEqual(counts["Swift concurrency runtime"], 0)

    def test_the_command_line_takes_the_names_comma_separated(self):
        directory = tempfile.mkdtemp(prefix="cachebench-breakdown-")
        self.addCleanup(shutil.rmtree, directory)
        path = os.path.join(directory, "stacks.folded")
        with open(path, "w", encoding="utf-8") as target:
            target.write(USER_STACKS)
        with contextlib.redirect_stdout(io.StringIO()) as output:
            status = sample_breakdown.main(["x", "--json", "--cache-code", "TinyStore,SplitStore", path])
        self.assertEqual(status, 0)
        self.assertEqual(json.loads(output.getvalue())["samples"]["cache code"], 16)
        with contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(sample_breakdown.main(["x", "--cache-code"]), 64)


class ModuleNamesTests(unittest.TestCase):
    SYMBOLS = [
        "MyCaches.TinyStore.lookup(Swift.Int) async throws -> CacheBenchCore.CacheLookup",
        "protocol witness for CacheBenchCore.Cache.lookup(Swift.Int) async throws -> CacheBenchCore.CacheLookup"
        " in conformance MyCaches.SplitStore : CacheBenchCore.Cache in MyCaches",
        "MyCaches.helper(Swift.Int) -> Swift.Int",
        "static (extension in MyCaches):CacheBenchCore.CacheDesign.mine : CacheBenchCore.CacheDesign",
        "type metadata for MyCaches.Payload",
        "type metadata for CacheBenchCore.Payload",
        "NotMyCaches.Thing.run() -> ()",
        "ImageBench.ImageDecoder.decode(Foundation.Data) -> Swift.Int",
    ]

    def test_the_names_each_module_declares_at_top_level_are_listed(self):
        self.assertEqual(
            module_names.declared_names(self.SYMBOLS, ["MyCaches", "ImageBench"]),
            # Not CacheDesign (only extended), not Payload (cachebench declares one too), not Thing.
            ["ImageDecoder", "SplitStore", "TinyStore", "helper"],
        )

    def test_no_modules_no_names(self):
        self.assertEqual(module_names.declared_names(self.SYMBOLS, []), [])


# Real symbols, as `nm --defined-only` lists them (mangled) and `swift demangle` writes them in full (Swift
# 6.3.1): Examples/ImageCache built with InFlightImageCache `private`, LockedImageCache `fileprivate` and a
# local type in ReentrantImageCache.lookup (module imagecache_bench), a file of private, fileprivate and local
# declarations (module ImageCacheBench), a main.swift with local types in its top-level code, and cachebench's
# own private types.
PRIVATE_SYMBOLS = [
    ("$s16imagecache_bench18InFlightImageCache33_A22D37993BBCF655A7D6980C663F4048LLC6lookup_10busyAtCall0F9Bench"
     "Core0F6LookupVSi_s6UInt64VtYaKF",
     "imagecache_bench.(InFlightImageCache in _A22D37993BBCF655A7D6980C663F4048).lookup(_: Swift.Int, busyAtCall:"
     " Swift.UInt64) async throws -> CacheBenchCore.CacheLookup"),
    ("$s16imagecache_bench18InFlightImageCache33_A22D37993BBCF655A7D6980C663F4048LLC0F9BenchCore0F0AaeFP6lookupyAE0F"
     "6LookupVSiYaKFTW",
     "protocol witness for CacheBenchCore.Cache.lookup(Swift.Int) async throws -> CacheBenchCore.CacheLookup in"
     " conformance imagecache_bench.(InFlightImageCache in _A22D37993BBCF655A7D6980C663F4048) : CacheBenchCore.Cache"
     " in imagecache_bench"),
    ("$s16imagecache_bench16LockedImageCache33_72C32D5126469C4E85E4EB89BF0411B1LLC4stepyAD4StepOSiKF",
     "imagecache_bench.(LockedImageCache in _72C32D5126469C4E85E4EB89BF0411B1).step(Swift.Int) throws ->"
     " imagecache_bench.(LockedImageCache in _72C32D5126469C4E85E4EB89BF0411B1).Step"),
    ("$s16imagecache_bench19ReentrantImageCacheC6lookupy0E9BenchCore0E6LookupVSiYaKF10LocalProbeL_V4findyAE11Cached"
     "ValueVSgSiF",
     "find(Swift.Int) -> CacheBenchCore.CachedValue? in LocalProbe #1 in imagecache_bench.ReentrantImageCache."
     "lookup(Swift.Int) async throws -> CacheBenchCore.CacheLookup"),
    ("$s15ImageCacheBench5evict33_80A04F293E07C830208E5166DF3B0365LLyS2iF",
     "ImageCacheBench.(evict in _80A04F293E07C830208E5166DF3B0365)(Swift.Int) -> Swift.Int"),
    ("$s15ImageCacheBench5evict33_80A04F293E07C830208E5166DF3B0365LLyS2iF6VictimL_V6weightSiyF",
     "weight() -> Swift.Int in Victim #1 in ImageCacheBench.(evict in _80A04F293E07C830208E5166DF3B0365)(Swift.Int)"
     " -> Swift.Int"),
    # A private member: its type's name, not a top-level `store`.
    ("$s15ImageCacheBench09ReentrantaB0V5store33_80A04F293E07C830208E5166DF3B0365LLyS2iF",
     "ImageCacheBench.ReentrantImageCache.(store in _80A04F293E07C830208E5166DF3B0365)(Swift.Int) -> Swift.Int"),
    # A fileprivate member of an extension on the standard library's Dictionary: not listed.
    ("$sSD15ImageCacheBenchSiRszSiRs_rlE8imageHit33_80A04F293E07C830208E5166DF3B0365LLySiSgSiF",
     "(extension in ImageCacheBench):Swift.Dictionary< where A == Swift.Int, B == Swift.Int>.(imageHit in"
     " _80A04F293E07C830208E5166DF3B0365)(Swift.Int) -> Swift.Int?"),
    # Local types of main.swift: in top-level code, in a closure of it, and in a closure of a function.
    ("$s16imagecache_bench6InMainL_V2goSiyF", "go() -> Swift.Int in InMain #1 in imagecache_bench"),
    ("$s16imagecache_benchS2iXEfU0_13InMainClosureL_V2goSiyF",
     "go() -> Swift.Int in InMainClosure #1 in closure #2 (Swift.Int) -> Swift.Int in imagecache_bench"),
    ("$s16imagecache_bench5outerSiyFS2icfU_9InClosureL_V2goSiyF",
     "go() -> Swift.Int in InClosure #1 in closure #1 (Swift.Int) -> Swift.Int in imagecache_bench.outer() ->"
     " Swift.Int"),
    # cachebench's own private types and members.
    ("$s14CacheBenchCore11SignalCount33_E4B566AFF482538F88B47CCC603A76EELLCfD",
     "CacheBenchCore.(SignalCount in _E4B566AFF482538F88B47CCC603A76EE).__deallocating_deinit"),
    ("$s14CacheBenchCore15BenchmarkDriverV11makeFetcher33_E0173083AECE4F07676BEB80CF50F61ELL6ledgerAA09SimulatedE0CAA0E6LedgerC_tF",
     "CacheBenchCore.BenchmarkDriver.(makeFetcher in _E0173083AECE4F07676BEB80CF50F61E)(ledger:"
     " CacheBenchCore.FetchLedger) -> CacheBenchCore.SimulatedFetcher"),
]


class PrivateAndLocalNamesTests(unittest.TestCase):
    def names(self, modules, with_mangled=True):
        mangled = [symbol for symbol, _ in PRIVATE_SYMBOLS] if with_mangled else ()
        return module_names.declared_names([text for _, text in PRIVATE_SYMBOLS], modules, mangled)

    def test_private_and_fileprivate_top_level_declarations_and_local_types_are_listed(self):
        self.assertEqual(
            self.names(["imagecache_bench", "ImageCacheBench"]),
            ["InClosure", "InFlightImageCache", "InMain", "InMainClosure", "LocalProbe", "LockedImageCache",
             "ReentrantImageCache", "Victim", "evict", "outer"],
        )

    def test_local_types_need_the_mangled_symbol_to_say_whose_they_are(self):
        self.assertEqual(
            self.names(["imagecache_bench"], with_mangled=False),
            ["InFlightImageCache", "LockedImageCache", "ReentrantImageCache", "outer"],
        )

    def test_a_shipped_modules_private_types_are_not_a_users(self):
        symbols = PRIVATE_SYMBOLS + [
            ("$s16imagecache_bench11SignalCountV3runyyF", "imagecache_bench.SignalCount.run() -> ()"),
        ]
        names = module_names.declared_names([t for _, t in symbols], ["imagecache_bench"], [m for m, _ in symbols])
        self.assertNotIn("SignalCount", names)
        self.assertNotIn("makeFetcher", names)
        self.assertIn("InFlightImageCache", names)

    def test_the_root_module_is_read_from_the_mangled_symbol(self):
        self.assertEqual(module_names.root_module("$s16imagecache_bench6InMainL_V2goSiyF"), "imagecache_bench")
        self.assertEqual(module_names.root_module("$sSD15ImageCacheBenchSiRszSiRs_rlE8imageHit33_80A0LLySiSgSiF"), None)
        self.assertEqual(module_names.root_module("main"), None)

    @unittest.skipUnless(SWIFTC, "swiftc is not on PATH (nor in /opt/swift/usr/bin)")
    def test_an_object_the_toolchain_compiles_gives_the_same_names(self):
        # The forms above, compiled now: a change in how this toolchain mangles them fails here.
        directory = tempfile.mkdtemp(prefix="cachebench-module-names-")
        self.addCleanup(shutil.rmtree, directory)
        source = os.path.join(directory, "Caches.swift")
        with open(source, "w", encoding="utf-8") as target:
            target.write(PRIVATE_SOURCE)
        subprocess.run(
            [SWIFTC, "-parse-as-library", "-module-name", "ImageCacheBench", "-c", source, "-o",
             os.path.join(directory, "Caches.o")],
            check=True, capture_output=True, cwd=directory, env=dict(os.environ, PATH=SWIFT_PATH),
        )
        with mock_path(SWIFT_PATH), contextlib.redirect_stdout(io.StringIO()) as output:
            status = module_names.main(["x", os.path.join(directory, "Caches.o"), "ImageCacheBench"])
        self.assertEqual(status, 0)
        self.assertEqual(
            output.getvalue(),
            "InFlightImageCache,LocalProbe,LockedImageCache,ReentrantImageCache,Victim,evict,useAll\n",
        )


PRIVATE_SOURCE = """\
private actor InFlightImageCache {
  private var entries: [Int: Int] = [:]
  func lookup(_ key: Int) async -> Int {
    let value = await Task { key * 2 }.value
    entries[key] = value
    return value
  }
}
fileprivate final class LockedImageCache {
  var count = 0
  func step(_ key: Int) -> Int { count += key; return count }
}
private func evict(_ key: Int) -> Int {
  struct Victim { var key: Int; func weight() -> Int { key &* 3 } }
  return Victim(key: key).weight()
}
extension Dictionary where Key == Int, Value == Int {
  fileprivate func imageHit(_ key: Int) -> Int? { self[key] }
}
struct ReentrantImageCache {
  func lookup(_ key: Int) -> Int {
    struct LocalProbe { var key: Int; func find() -> Int { key } }
    return LocalProbe(key: key).find() + store(key)
  }
  private func store(_ key: Int) -> Int { key + 1 }
}
public func useAll() async -> Int {
  let d = [1: 2].imageHit(1) ?? 0
  return await InFlightImageCache().lookup(1) + LockedImageCache().step(2) + evict(3) + d
    + ReentrantImageCache().lookup(4)
}
"""

# Stacks of Examples/ImageCache with InFlightImageCache private and LockedImageCache fileprivate, as
# scripts/perf-record folded them (`swift demangle --simplified`: the discriminators are gone), cut to their
# last frames; then frames of the local types and private function above, and one frame demangled in full.
PRIVATE_STACKS = """\
swift_job_run;swift::runJobInEstablishedExecutorContext;InFlightImageCache.lookup(_:busyAtCall:);swift_release 2
swift_job_run;swift::runJobInEstablishedExecutorContext;(anonymous namespace)::ProcessOutOfLineJob::process;swift::runJobInEstablishedExecutorContext;protocol witness for Cache.lookup(_:) in conformance InFlightImageCache 1
swift_job_run;swift::runJobInEstablishedExecutorContext;InFlightImageCache.lookup(_:busyAtCall:);static Task<>.checkCancellation();swift_retain 1
swift_job_run;swift::runJobInEstablishedExecutorContext;completeTaskWithClosure;swift::AsyncTask::completeFuture;initializeWithCopy for InFlightImageCache.Downloaded;swift_retain 2
swift_job_run;closure #1 in closure #1 in LockedImageCache.step(_:);swift_retain 3
swift_job_run;ReentrantImageCache.lookup(_:);find(_:) in LocalProbe #1 in ReentrantImageCache.lookup(_:) 1
main;useAll();weight() in Victim #1 in evict(_:) 1
main;go() in InMain #1 in ;swift_retain 1
swift_job_run;closure #1 () async throws -> imagecache_bench.(InFlightImageCache in _A22D37993BBCF655A7D6980C663F4048).Downloaded in imagecache_bench.(InFlightImageCache in _A22D37993BBCF655A7D6980C663F4048).lookup(_: Swift.Int, busyAtCall: Swift.UInt64) async throws -> CacheBenchCore.CacheLookup;swift_retain 1
main;CacheBenchCore.ControlFIFO.(takeLine in _C962F7A2FE2C361B3D7012CCBA778C9D)() -> Swift.String?;swift_retain 1
"""


class PrivateCacheCodeTests(unittest.TestCase):
    # `takeLine` as if the user's package declared a top-level function of that name too.
    NAMES = ["InFlightImageCache", "InMain", "LocalProbe", "LockedImageCache", "ReentrantImageCache", "Victim",
             "evict", "takeLine"]

    def test_without_the_private_names_their_frames_go_to_the_runtime_and_other(self):
        counts, total = sample_breakdown.breakdown(io.StringIO(PRIVATE_STACKS), ["ReentrantImageCache"])
        self.assertEqual(total, 14)
        self.assertEqual(counts["cache code"], 1)
        self.assertEqual(counts["Swift concurrency runtime"], 10)
        self.assertEqual(counts["other"], 3)

    def test_the_private_and_local_names_make_their_frames_cache_code(self):
        counts, total = sample_breakdown.breakdown(io.StringIO(PRIVATE_STACKS), self.NAMES)
        # Everything but the private member of the harness's own type, which only shares a name with the user's.
        self.assertEqual(counts["cache code"], 13)
        self.assertEqual(counts["Swift concurrency runtime"], 0)
        self.assertEqual(counts["other"], 1)


DESCRIPTION = {
    "name": "imagecache",
    "products": [
        {"name": "imagecache-bench", "targets": ["ImageCacheBench"], "type": {"executable": None}},
        {"name": "ImageCaches", "targets": ["ImageCaches"], "type": {"library": ["automatic"]}},
    ],
    "targets": [
        {"name": "ImageCacheBench", "c99name": "ImageCacheBench", "type": "executable", "module_type": "SwiftTarget"},
        {"name": "image-caches", "c99name": "image_caches", "type": "library", "module_type": "SwiftTarget"},
        {"name": "CShim", "c99name": "CShim", "type": "library", "module_type": "ClangTarget"},
        {"name": "ImageTests", "c99name": "ImageTests", "type": "test", "module_type": "SwiftTarget"},
    ],
}


class PackageInfoTests(unittest.TestCase):
    def run_main(self, product):
        directory = tempfile.mkdtemp(prefix="cachebench-describe-")
        self.addCleanup(shutil.rmtree, directory)
        path = os.path.join(directory, "describe.json")
        with open(path, "w", encoding="utf-8") as target:
            json.dump(DESCRIPTION, target)
        with contextlib.redirect_stdout(io.StringIO()) as output, contextlib.redirect_stderr(io.StringIO()) as error:
            status = package_info.main(["x", path, product])
        return status, output.getvalue(), error.getvalue()

    def test_an_executable_product_gives_the_packages_own_swift_modules(self):
        self.assertEqual(self.run_main("imagecache-bench"), (0, "ImageCacheBench image_caches\n", ""))

    def test_a_product_that_is_not_there_is_a_usage_error_naming_the_executables(self):
        status, output, error = self.run_main("cachebench")
        self.assertEqual((status, output), (64, ""))
        self.assertEqual(
            error,
            "cachebench: --product cachebench: no product of that name in imagecache"
            " (its executables: imagecache-bench)\n",
        )

    def test_a_library_product_is_a_usage_error(self):
        status, _, error = self.run_main("ImageCaches")
        self.assertEqual(status, 64)
        self.assertIn("a library product of imagecache, not an executable", error)


DUMP = """version: 1
creator: callgrind-3.19.0
cmd:  cachebench
part: {part}

desc: I1 cache:
desc: Trigger: {trigger}

positions: line
events: Ir
summary: {summary}

fn=(1) main
0 {totals}

totals: {totals}
"""


class CallgrindWindowsTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="cachebench-callgrind-")
        self.base = os.path.join(self.directory, "callgrind.out")

    def tearDown(self):
        shutil.rmtree(self.directory)

    def write_dump(self, suffix, trigger, totals, summary):
        path = self.base + suffix
        with open(path, "w", encoding="utf-8") as dump:
            dump.write(DUMP.format(part=suffix or "0", trigger=trigger, totals=totals, summary=summary))
        return path

    def write_run(self):
        self.write_dump("", "Program termination", 457, 18446744073567302976)
        self.write_dump(".1", "Client Request: cachebench window naive/inside requests 2000", 140562374, 140562374)
        self.write_dump(".2", "Client Request: cachebench window sharded(8)/inside requests 2000", 142248634, 74338674)

    def test_each_window_dump_gives_its_totals_and_instructions_per_request(self):
        self.write_run()
        self.assertEqual(
            callgrind_windows.windows(self.base),
            [("naive/inside", 2000, 140562374), ("sharded(8)/inside", 2000, 142248634)],
        )
        self.assertEqual(callgrind_windows.per_request(142248634, 2000), "71124.3")

    def test_fixing_the_summary_makes_it_equal_the_totals(self):
        self.write_run()
        callgrind_windows.windows(self.base, fix=True)
        with open(self.base + ".2", encoding="utf-8") as dump:
            self.assertIn("summary: 142248634\n", dump.read())

    def test_the_csv_column_is_filled_for_the_windows_rows_only(self):
        self.write_run()
        path = os.path.join(self.directory, "results.csv")
        with open(path, "w", newline="", encoding="utf-8") as csv_file:
            csv_file.write(
                "variant,decode,requests,instructions_per_request\r\n"
                "naive,inside,2000,\r\n"
                "naive,outside,2000,\r\n"
                "sharded(8),inside,2000,\r\n"
            )
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(callgrind_windows.main(["x", self.base, "--csv", path]), 0)
        with open(path, newline="", encoding="utf-8") as csv_file:
            self.assertEqual(
                csv_file.read(),
                "variant,decode,requests,instructions_per_request\r\n"
                "naive,inside,2000,70281.2\r\n"
                "naive,outside,2000,\r\n"
                "sharded(8),inside,2000,71124.3\r\n",
            )

    def write_result_json(self, variants):
        path = os.path.join(self.directory, "results.json")
        document = {
            "schema": 1,
            "kind": "baseline",
            "interrupted": False,
            "metadata": {"git_commit": "f7413505b6b4", "host_cores": 2},
            "scenario": {"seed": 1, "keys": 1, "duration_s": None},
            "variants": [
                {
                    "variant": name,
                    "design": name.split("(")[0],
                    "decode": decode,
                    "shards": 8 if name.startswith("sharded") else 1,
                    "metrics": {"requests": 2000, "window_s": 0.135559, "instructions_per_request": None},
                }
                for name, decode in variants
            ],
        }
        with open(path, "w", encoding="utf-8") as target:
            json.dump(document, target)
        return path, document

    def test_the_result_json_metric_is_set_for_the_windows_variants_only(self):
        self.write_run()
        path, document = self.write_result_json(
            [("naive", "inside"), ("naive", "outside"), ("sharded(8)", "inside")]
        )
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(callgrind_windows.main(["x", self.base, "--result-json", path]), 0)
        document["variants"][0]["metrics"]["instructions_per_request"] = 70281.2
        document["variants"][2]["metrics"]["instructions_per_request"] = 71124.3
        with open(path, encoding="utf-8") as source:
            text = source.read()
        self.assertEqual(json.loads(text), document)
        # Members keep their order and numbers their value, so cachebench reads the same document.
        self.assertLess(text.index('"schema"'), text.index('"variants"'))
        self.assertIn('"window_s": 0.135559', text)
        self.assertIn('"instructions_per_request": 70281.2', text)
        self.assertIn('"instructions_per_request": null', text)

    def test_a_window_without_a_variant_in_the_result_json_is_a_failure(self):
        self.write_run()
        path, _ = self.write_result_json([("naive", "inside")])
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as error:
            self.assertEqual(callgrind_windows.main(["x", self.base, "--result-json", path]), 1)
        self.assertIn("1 variants matched 2 windows", error.getvalue())

    def test_a_file_that_is_no_result_document_is_refused(self):
        self.write_run()
        path = os.path.join(self.directory, "results.json")
        with open(path, "w", encoding="utf-8") as target:
            target.write("[1, 2]")
        with contextlib.redirect_stdout(io.StringIO()), self.assertRaises(SystemExit):
            callgrind_windows.main(["x", self.base, "--result-json", path])

    def test_a_run_without_window_dumps_is_a_failure(self):
        self.write_dump("", "Program termination", 457, 457)
        with contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(callgrind_windows.main(["x", self.base]), 1)


MASSIF_HEADER = "desc: --massif-out-file=massif.out\ncmd: cachebench --variants coalescing\ntime_unit: i\n"


def massif_snapshot(number, time, heap, extra=0, tree=(), kind=None):
    """One snapshot of a massif file; with `tree` (its lines) it is detailed, or `kind` (e.g. peak)."""
    kind = kind or ("detailed" if tree else "empty")
    return (
        f"#-----------\nsnapshot={number}\n#-----------\ntime={time}\nmem_heap_B={heap}\n"
        f"mem_heap_extra_B={extra}\nmem_stacks_B=0\nheap_tree={kind}\n"
        + "".join(line + "\n" for line in tree)
    )


class MassifWindowTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="cachebench-massif-")
        self.base = os.path.join(self.directory, "massif.out")

    def tearDown(self):
        shutil.rmtree(self.directory)

    def write(self, name, text):
        with open(os.path.join(self.directory, name), "w", encoding="utf-8") as target:
            target.write(MASSIF_HEADER + text)

    def write_run(self):
        tree = ["n1: 4096 (heap allocation functions) malloc/new/new[], --alloc-fns, etc.", " n0: 4096 0x1: f (a.swift:1)"]
        # Start-up, a peak during warm-up (outside the window), three snapshots in the window, teardown.
        self.write(
            "massif.out",
            massif_snapshot(0, 0, 0)
            + massif_snapshot(1, 100, 9000, tree=tree, kind="peak")
            + massif_snapshot(2, 250, 1000)
            + massif_snapshot(3, 300, 5000, 100, tree=tree)
            + massif_snapshot(4, 350, 3000)
            + massif_snapshot(5, 500, 0),
        )
        self.write("massif-open-coalescing-inside.out", massif_snapshot(0, 200, 800, 8, tree=tree))
        self.write("massif-close-coalescing-inside.out", massif_snapshot(0, 400, 2000, 16, tree=tree))

    def test_the_window_keeps_the_snapshots_between_its_brackets_with_times_from_its_opening(self):
        self.write_run()
        with contextlib.redirect_stdout(io.StringIO()) as output:
            self.assertEqual(massif_window.main(["x", self.base]), 0)
        header, snapshots = massif_window.parse(
            os.path.join(self.directory, "massif-window-coalescing-inside.out")
        )
        self.assertEqual(header, MASSIF_HEADER.splitlines())
        self.assertEqual(
            [(s["fields"]["snapshot"], s["fields"]["time"], s["fields"]["mem_heap_B"], s["fields"]["heap_tree"])
             for s in snapshots],
            [("0", "0", "800", "detailed"), ("1", "50", "1000", "empty"), ("2", "100", "5000", "peak"),
             ("3", "150", "3000", "empty"), ("4", "200", "2000", "detailed")],
        )
        self.assertEqual(snapshots[2]["tree"][1], " n0: 4096 0x1: f (a.swift:1)")
        lines = output.getvalue().splitlines()
        self.assertEqual(lines[1].split(), ["coalescing-inside", "808", "5100", "2016", "5"])

    def test_a_run_whose_windows_were_not_bracketed_is_a_failure(self):
        self.write("massif.out", massif_snapshot(0, 0, 0))
        with contextlib.redirect_stderr(io.StringIO()) as error:
            self.assertEqual(massif_window.main(["x", self.base]), 1)
        self.assertIn("no window was bracketed", error.getvalue())

    def test_a_window_without_its_closing_snapshot_is_a_failure(self):
        self.write_run()
        os.remove(os.path.join(self.directory, "massif-close-coalescing-inside.out"))
        with contextlib.redirect_stderr(io.StringIO()) as error:
            self.assertEqual(massif_window.main(["x", self.base]), 1)
        self.assertIn("no closing snapshot", error.getvalue())



def dhat_profile(te, sites):
    """A dhat heap profile (dhatFileVersion 2) whose sites are (frames, tb, tbk, rb, wb, tl, eb, ebk)."""
    frames = ["[root]"]
    pps = []
    for stack, tb, tbk, rb, wb, tl, eb, ebk in sites:
        indices = []
        for frame in stack:
            if frame not in frames:
                frames.append(frame)
            indices.append(frames.index(frame))
        pps.append({"tb": tb, "tbk": tbk, "tl": tl, "mb": tb, "mbk": tbk, "gb": 0, "gbk": 0, "eb": eb, "ebk": ebk,
                    "rb": rb, "wb": wb, "fs": indices})
    return {"dhatFileVersion": 2, "mode": "heap", "verb": "Allocated", "bklt": True, "bkacc": True, "tu": "instrs",
            "Mtu": "Minstr", "tuth": 500, "cmd": "cachebench", "pid": 7, "te": te, "tg": 1, "pps": pps, "ftbl": frames}


class DhatWindowTests(unittest.TestCase):
    STARTUP = ("0x1: malloc", "0x2: main")
    CLIENT = ("0x1: malloc", "0x3: client")
    FETCH = ("0x1: malloc", "0x4: fetch")

    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="cachebench-dhat-")

    def tearDown(self):
        shutil.rmtree(self.directory)

    def write(self, name, profile):
        with open(os.path.join(self.directory, name), "w", encoding="utf-8") as target:
            json.dump(profile, target)

    def write_window(self):
        # Start-up allocated 1000 B (still live) before the window and nothing in it, but the window read
        # 30 B of it; the client site allocated before and during the window; the fetch site only during it.
        # The opening profile lists its sites in another order than the closing one, as dhat may.
        self.write("dhat-open-naive-inside.out", dhat_profile(1000, [
            (self.CLIENT, 200, 2, 10, 20, 300, 100, 1),
            (self.STARTUP, 1000, 1, 5, 1000, 900, 1000, 1),
        ]))
        self.write("dhat-close-naive-inside.out", dhat_profile(5000, [
            (self.STARTUP, 1000, 1, 35, 1000, 4900, 1000, 1),
            (self.CLIENT, 700, 7, 60, 90, 2300, 0, 0),
            (self.FETCH, 4096, 1, 4096, 4096, 10, 4096, 1),
        ]))

    def window(self):
        with contextlib.redirect_stdout(io.StringIO()) as output:
            self.assertEqual(dhat_window.main(["x", self.directory]), 0)
        with open(os.path.join(self.directory, "dhat-window-naive-inside.json"), encoding="utf-8") as source:
            return json.load(source), output.getvalue()

    def test_the_window_is_the_closing_profile_minus_the_opening_one_site_by_site(self):
        self.write_window()
        window, output = self.window()
        self.assertEqual((window["te"], window["bklt"], window["bkacc"]), (4000, False, True))
        by_stack = {tuple(window["ftbl"][index] for index in pp["fs"]): pp for pp in window["pps"]}
        figures = {stack: (pp["tb"], pp["tbk"], pp["rb"], pp["wb"], pp["tl"], pp["eb"], pp["ebk"])
                   for stack, pp in by_stack.items()}
        self.assertEqual(figures, {
            self.FETCH: (4096, 1, 4096, 4096, 10, 4096, 1),
            self.CLIENT: (500, 5, 50, 70, 2000, 0, 0),
            self.STARTUP: (0, 0, 30, 0, 4000, 1000, 1),
        })
        # Largest allocation first; no peak figures, which do not subtract.
        self.assertEqual([tuple(window["ftbl"][i] for i in pp["fs"]) for pp in window["pps"]],
                         [self.FETCH, self.CLIENT, self.STARTUP])
        self.assertFalse(any("mb" in pp or "gb" in pp for pp in window["pps"]))
        self.assertEqual(output.splitlines()[1].split(),
                         ["naive-inside", "4000", "4596", "6", "4176", "4166", "1100", "5096"])
        with open(os.path.join(self.directory, "dhat-window-naive-inside.txt"), encoding="utf-8") as source:
            text = source.read()
        self.assertIn("Allocated:   4,596 bytes in 6 blocks, avg size 766.0 bytes", text)
        self.assertIn("Live, open:  1,100 bytes in 2 blocks", text)
        self.assertIn("#1: 4,096 bytes (89.1%) in 1 blocks", text)

    def test_a_site_the_window_neither_allocated_at_nor_touched_is_left_out(self):
        self.write_window()
        idle = ("0x1: malloc", "0x9: idle")
        for name in ("dhat-open-naive-inside.out", "dhat-close-naive-inside.out"):
            with open(os.path.join(self.directory, name), encoding="utf-8") as source:
                profile = json.load(source)
            profile["ftbl"] += list(idle[1:])
            profile["pps"].append({"tb": 64, "tbk": 1, "tl": 5, "mb": 64, "mbk": 1, "gb": 0, "gbk": 0,
                                   "eb": 0, "ebk": 0, "rb": 8, "wb": 8,
                                   "fs": [profile["ftbl"].index(idle[0]), len(profile["ftbl"]) - 1]})
            self.write(name, profile)
        window, _ = self.window()
        self.assertNotIn("0x9: idle", [window["ftbl"][pp["fs"][-1]] for pp in window["pps"]])
        self.assertEqual(len(window["pps"]), 3)

    def test_a_counter_that_goes_down_is_a_failure(self):
        self.write_window()
        self.write("dhat-close-naive-inside.out", dhat_profile(5000, [
            (self.STARTUP, 1000, 1, 35, 1000, 4900, 1000, 1),
            (self.CLIENT, 100, 1, 60, 90, 2300, 0, 0),
        ]))
        with contextlib.redirect_stderr(io.StringIO()) as error:
            self.assertEqual(dhat_window.main(["x", self.directory]), 1)
        self.assertIn("naive-inside: tb went down from 200 to 100", error.getvalue())
        self.assertFalse(os.path.exists(os.path.join(self.directory, "dhat-window-naive-inside.json")))

    def test_lifetime_lost_to_the_opening_childs_exit_reads_zero_and_more_is_a_failure(self):
        # The client site had 1 block live at the opening fork: tl may lose up to one child's exit.
        self.write("dhat-open-naive-inside.out", dhat_profile(1000, [
            (self.CLIENT, 200, 2, 10, 20, 300, 100, 1),
            (self.STARTUP, 1000, 1, 5, 1000, 900, 1000, 1),
        ]))
        self.write("dhat-close-naive-inside.out", dhat_profile(5000, [
            (self.STARTUP, 1000, 1, 35, 1000, 4900, 1000, 1),
            (self.CLIENT, 700, 7, 60, 90, 63, 0, 0),
        ]))
        window, _ = self.window()
        client = [pp for pp in window["pps"] if window["ftbl"][pp["fs"][-1]] == "0x3: client"][0]
        self.assertEqual(client["tl"], 0)
        self.write("dhat-close-naive-inside.out", dhat_profile(5000, [
            (self.STARTUP, 1000, 1, 35, 1000, 4900, 1000, 1),
            (self.CLIENT, 700, 7, 60, 90, 300 - dhat_window.CHILD_EXIT_INSTRUCTIONS - 1, 0, 0),
        ]))
        with contextlib.redirect_stderr(io.StringIO()) as error:
            self.assertEqual(dhat_window.main(["x", self.directory]), 1)
        self.assertIn("naive-inside: tl went down from 300", error.getvalue())

    def test_a_window_without_its_closing_profile_is_a_failure(self):
        self.write_window()
        os.remove(os.path.join(self.directory, "dhat-close-naive-inside.out"))
        with contextlib.redirect_stderr(io.StringIO()) as error:
            self.assertEqual(dhat_window.main(["x", self.directory]), 1)
        self.assertIn("no closing profile", error.getvalue())

    def test_a_run_whose_windows_were_not_bracketed_is_a_failure(self):
        with contextlib.redirect_stderr(io.StringIO()) as error:
            self.assertEqual(dhat_window.main(["x", self.directory]), 1)
        self.assertIn("no window was bracketed", error.getvalue())

    def test_a_file_that_is_no_dhat_heap_profile_is_refused(self):
        self.write_window()
        self.write("dhat-open-naive-inside.out", {"dhatFileVersion": 2, "mode": "ad-hoc"})
        with contextlib.redirect_stderr(io.StringIO()) as error:
            self.assertEqual(dhat_window.main(["x", self.directory]), 1)
        self.assertIn("not a dhat heap profile", error.getvalue())


class ResultMetricsTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="cachebench-metrics-")
        self.source = os.path.join(self.directory, "results.json")
        self.target = os.path.join(self.directory, "gate.json")
        self.document = {
            "schema": 1,
            "kind": "baseline",
            "interrupted": False,
            "metadata": {"host_cores": 2},
            "scenario": {"keys": 1},
            "variants": [
                {
                    "variant": "naive",
                    "design": "naive",
                    "decode": "none",
                    "shards": 1,
                    "metrics": {"requests": 20000, "malloc_count": None, "instructions_per_request": 1354.1},
                }
            ],
        }
        with open(self.source, "w", encoding="utf-8") as target:
            json.dump(self.document, target)

    def tearDown(self):
        shutil.rmtree(self.directory)

    def test_only_the_named_metrics_are_kept_in_the_order_given_and_the_rest_is_untouched(self):
        status = result_metrics.main(["x", "--keep", "instructions_per_request,requests", self.source, self.target])
        self.assertEqual(status, 0)
        with open(self.target, encoding="utf-8") as text:
            kept = json.load(text)
        self.assertEqual(list(kept["variants"][0]["metrics"].items()), [("instructions_per_request", 1354.1), ("requests", 20000)])
        self.document["variants"][0].pop("metrics")
        kept["variants"][0].pop("metrics")
        self.assertEqual(kept, self.document)

    def test_a_named_metric_a_variant_lacks_is_a_failure_and_nothing_is_written(self):
        with contextlib.redirect_stderr(io.StringIO()) as error:
            status = result_metrics.main(["x", "--keep", "requests,fetches", self.source, self.target])
        self.assertEqual(status, 1)
        self.assertIn("naive/none: no metric fetches", error.getvalue())
        self.assertFalse(os.path.exists(self.target))

    def test_a_bad_command_line_is_a_usage_error(self):
        with contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(result_metrics.main(["x", "--keep", "requests", self.source]), 64)


if __name__ == "__main__":
    unittest.main()
