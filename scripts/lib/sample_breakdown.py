#!/usr/bin/env python3
"""Says where the samples of a perf profile went, from its folded stacks (fold_stacks.py output).

Each sample goes to exactly one of these categories (the order of the report):
  cache code                 the cache designs: the built-in ones (NaiveActorCache, CoalescingActorCache,
                             ShardedCache, MutexCache, RepositoryActorCache, NaiveRepositoryCache,
                             InFlightTable) and, with --cache-code, a user's: the types and functions
                             declared in the user's own modules (scripts/lib/module_names.py lists them)
  decode                     PayloadDecoder (the simulated decoding work)
  fake fetcher               the harness's fake server: SimulatedFetcher, ConstantLatencyFetcher and their
                             parts (FetchPool, FetchDraws, FetchLedger, ResponseDelay, DeadlineQueue,
                             DeadlineTimerThread, LatencyDistribution),
                             its payloads' filling, its sleeps and the runtime work they cause
  Swift concurrency runtime  libswift_Concurrency: task switches, executor enqueue and job running, actor
                             queues, continuations, task groups, task-local and timer plumbing
  dispatch                   libdispatch: the worker threads and queues under the cooperative pool
  locks/futex                pthread mutexes and condition variables, Synchronization.Mutex, futex calls
  kernel                     any other time in the kernel (syscalls, page faults, scheduling, timers)
  other                      everything else: the benchmark's driver, clients, histograms and key sequence,
                             and stacks whose frames say nothing (e.g. a lone swift_retain)

Rules, applied to each stack:
1. When the leaf frame is in the kernel (`_[k]`): locks/futex if any kernel frame of that stack names a futex
   (`futex`), else kernel. Time in the kernel is charged to the kernel, whoever called it, except waiting on
   or waking a futex, which is what a lock costs.
2. Otherwise, when any user frame of the stack is the fake fetcher's, the sample is fake fetcher: the
   fetcher's latency is a sleep (timers, task switches) and a spin, so the runtime frames at the leaf of
   its stacks are the fetcher's doing, not the cache's or the driver's.
3. Otherwise the user frames are read from the leaf towards the root, and the first frame that matches a
   category's patterns decides (cache code, decode, runtime, dispatch, locks/futex, or a frame of the
   benchmark's own code, which means other). Frames of no category (swift_retain/release, malloc, memcpy,
   the standard library's generic code such as Dictionary lookups) are passed over, so they are charged to
   the code that called them: a retain in a cache's lookup is cache code, one in a task switch is runtime.
4. A stack in which no frame matches is other.
The patterns are below; they match the names `swift demangle --simplified` gives.

A user's designs live in their own package, so no list here can name their types. Those names come from
the user's executable instead: `swift demangle --simplified` drops module names from frames, but the
binary's symbol table, demangled in full, says which types and functions each module declares
(`MyCaches.ImageStore.lookup(Swift.Int)`), and module_names.py lists those of the user's own modules.
With `--cache-code NAME,NAME,...` a frame naming one of them as a whole word (not as a member, `.name`, nor
an argument label, `name:`) is cache code, exactly like a built-in design's frame: its retains, dictionary lookups and locks are charged as they are for the
built-ins, and the harness, runtime and kernel stay what they were. The user's `private` and `fileprivate`
types and functions and their local types are among the names (module_names.py reads them from their
mangled forms), and their simplified frames name them plainly: `closure #1 in InFlightImageCache.lookup(_:)`,
`evict(_:)`, `find(_:) in LocalProbe #1 in ReentrantImageCache.lookup(_:)`, `go() in InMain #1 in ` (a type
local to main.swift's top-level code). A frame demangled in full (not --simplified) keeps a private
declaration's discriminator, `closure #1 in ImageCacheBench.(InFlightImageCache in _A22D...).lookup(...)`,
and that form is recognised too; other frames demangled in full are not (`MyCaches.Store` reads as the
member `Store` of a type `MyCaches`). This is chosen over "everything in the
executable that is not harness, runtime or kernel is cache code" because folded frames do not carry the
object file they came from, and the standard library's generic code specialised into the executable
(`specialized Dictionary.subscript.getter`) would then be charged as cache code instead of to its caller.

Usage: sample_breakdown.py [--json] [--top N] [--cache-code NAMES] STACKS.folded
prints the table (or, with --json, one machine-readable line); --top N adds the N leaf functions with the
most samples (self time; inlined functions count as themselves when the stacks were folded with --inline);
--cache-code NAMES (comma-separated, may be given more than once) adds names whose frames are cache code.
"""

import json
import re
import sys

CATEGORIES = [
    "cache code",
    "decode",
    "fake fetcher",
    "Swift concurrency runtime",
    "dispatch",
    "locks/futex",
    "kernel",
    "other",
]

# Checked in this order on each frame; the first pattern that matches gives the frame's category.
FRAME_PATTERNS = [
    ("decode", re.compile(r"\bPayloadDecoder\b")),
    (
        "locks/futex",
        re.compile(
            r"pthread_mutex|pthread_cond|pthread_rwlock|lll_lock|lll_unlock|futex"
            r"|\b_MutexHandle\b|\bMutex\.(withLock|lock|unlock|_lock|_unlock)|\b_SynchronizationShims\b"
        ),
    ),
    (
        "cache code",
        re.compile(
            r"\b(NaiveActorCache|CoalescingActorCache|ShardedCache|MutexCache|InFlightTable"
            r"|RepositoryActorCache|NaiveRepositoryCache)\b"
        ),
    ),
    (
        "Swift concurrency runtime",
        re.compile(
            r"^swift_(task|job|continuation|asyncLet|defaultActor|distributedActor|taskGroup|get_time"
            r"|executor|isCurrentExecutor|concurrency|deletedAsyncFunction)"
            r"|^swift::(AsyncTask|Job|TaskGroup|DefaultActor|runJob|.*Executor|.*TaskLocal|.*Continuation"
            r"|.*Actor|.*Task\b|.*Job\b)"
            r"|^\(anonymous namespace\)::.*(Task|Actor|Job|Executor|Continuation)"
            r"|\[libswift_Concurrency\.so\]"
        ),
    ),
    ("dispatch", re.compile(r"^_?dispatch_|^_dispatch|\[libdispatch\.so\]")),
    (
        "other",
        re.compile(
            r"\b(BenchmarkDriver|ClientRecorder|RequestClaims|LatencyHistogram|KeySequence|ZipfianKeys"
            r"|UniformKeys|SplitMix64|MonotonicClock|CacheBenchCommand)\b"
        ),
    ),
]

# A frame of the fake fetcher (rule 2): any one of them in a stack makes the sample the fetcher's.
FETCHER = re.compile(
    r"\b(SimulatedFetcher|ConstantLatencyFetcher|FetchPool|FetchDraws|FetchLedger|ResponseDelay"
    r"|DeadlineQueue|DeadlineTimerThread|LatencyDistribution)\b"
)

KERNEL_SUFFIX = "_[k]"
FUTEX = re.compile(r"futex")


def frame_patterns(cache_names=()):
    """FRAME_PATTERNS with `cache_names` (a user's type and function names) also counting as cache code,
    checked in the built-in cache code's place."""
    names = sorted({name for name in cache_names if name})
    if not names:
        return FRAME_PATTERNS
    alternatives = "|".join(re.escape(name) for name in names)
    # A whole word that is not a member (`.name`) nor an argument label (`(name:`, `:name:`): a user's
    # top-level `designs` must not make `CacheBenchCommand.main(arguments:designs:)` cache code. Or, in a
    # frame demangled in full, a private or fileprivate top-level declaration with its file's
    # discriminator, `ImageCacheBench.(InFlightImageCache in _A22D...)`, at top level (its module, or
    # nothing, before it; a private member of a type, `Driver.(name in _...)`, is the type's).
    user = re.compile(
        r"(?<![\w.:(])(?:" + alternatives + r")\b(?!:)"
        r"|(?<![\w.])(?:[A-Za-z_][A-Za-z0-9_]*\.)?\((?:" + alternatives + r") in _[0-9A-Fa-f]+\)"
    )
    patterns = []
    for category, pattern in FRAME_PATTERNS:
        patterns.append((category, pattern))
        if category == "cache code":
            patterns.append((category, user))
    return patterns


def frame_category(frame, patterns=FRAME_PATTERNS):
    """The category one user frame belongs to, or None when it names none."""
    for category, pattern in patterns:
        if pattern.search(frame):
            return category
    return None


def categorise(frames, patterns=FRAME_PATTERNS):
    """The category of one sample; `frames` runs from the root to the leaf, as in folded stacks."""
    if not frames:
        return "other"
    if frames[-1].endswith(KERNEL_SUFFIX):
        kernel = [f for f in frames if f.endswith(KERNEL_SUFFIX)]
        return "locks/futex" if any(FUTEX.search(f) for f in kernel) else "kernel"
    if any(FETCHER.search(f) for f in frames if not f.endswith(KERNEL_SUFFIX)):
        return "fake fetcher"
    for frame in reversed(frames):
        if frame.endswith(KERNEL_SUFFIX):
            continue
        category = frame_category(frame, patterns)
        if category:
            return category
    return "other"


def parse_folded(lines):
    """(frames root-first, count) for each non-empty line of folded stacks."""
    for line in lines:
        line = line.rstrip("\n")
        if not line.strip():
            continue
        stack, _, count = line.rpartition(" ")
        yield stack.split(";"), int(count)


def breakdown(lines, cache_names=()):
    """Samples per category (every category present, possibly 0) and the total; `cache_names` are a
    user's names whose frames are cache code too (see frame_patterns)."""
    patterns = frame_patterns(cache_names)
    counts = {category: 0 for category in CATEGORIES}
    for frames, count in parse_folded(lines):
        counts[categorise(frames, patterns)] += count
    return counts, sum(counts.values())


def top_leaves(lines, limit):
    """The `limit` leaf frames with the most samples, as (frame, samples), most first, ties by name."""
    leaves = {}
    for frames, count in parse_folded(lines):
        if frames:
            leaves[frames[-1]] = leaves.get(frames[-1], 0) + count
    return sorted(leaves.items(), key=lambda item: (-item[1], item[0]))[:limit]


def render(counts, total):
    """The text table: one line per category with its samples and share, then the total."""
    width = max(len(c) for c in CATEGORIES)
    lines = [f"{'category':<{width}}  {'samples':>8}  {'share':>6}"]
    for category in CATEGORIES:
        share = f"{100.0 * counts[category] / total:5.1f}%" if total else "   n/a"
        lines.append(f"{category:<{width}}  {counts[category]:>8}  {share:>6}")
    lines.append(f"{'total':<{width}}  {total:>8}")
    return "\n".join(lines) + "\n"


def main(argv):
    args = argv[1:]
    as_json = False
    top = 0
    cache_names = []
    positional = []
    while args:
        arg = args.pop(0)
        if arg == "--json":
            as_json = True
        elif arg == "--top" and args and args[0].isdigit():
            top = int(args.pop(0))
        elif arg == "--cache-code" and args:
            cache_names += [name.strip() for name in args.pop(0).split(",") if name.strip()]
        elif arg.startswith("--cache-code="):
            cache_names += [name.strip() for name in arg.split("=", 1)[1].split(",") if name.strip()]
        else:
            positional.append(arg)
    if len(positional) != 1 or positional[0].startswith("--"):
        sys.stderr.write("usage: sample_breakdown.py [--json] [--top N] [--cache-code NAMES] STACKS.folded\n")
        return 64
    with open(positional[0], encoding="utf-8", errors="replace") as source:
        lines = source.readlines()
    counts, total = breakdown(lines, cache_names)
    leaves = top_leaves(lines, top)
    if as_json:
        print(json.dumps({"total": total, "samples": counts, "top": leaves}))
        return 0
    sys.stdout.write(render(counts, total))
    if leaves:
        sys.stdout.write(f"\ntop {len(leaves)} leaf functions (self samples):\n")
        for frame, count in leaves:
            share = f"{100.0 * count / total:5.1f}%" if total else "  n/a"
            sys.stdout.write(f"{share}  {count:>7}  {frame}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
