/// The thresholds of the finding rules (`FindingRules`), one named constant each, as `docs/findings.md`
/// states them.
///
/// A rule fires only when every figure it reads was measured and every threshold is met; a figure that
/// is missing (n/a) silences the rule for that variant, so nothing is stated that the data does not
/// support. Shares are fractions (0.5 is 50%).
enum FindingThresholds {
  /// Duplicate fetches a variant must make to be reported while another variant of the run, which
  /// fetched at least once, made none.
  static let duplicateFetches = 1.0

  /// Decode on the actor: the least share of the decodes that ran on an actor's executor.
  static let decodeOnActorShare = 0.5
  /// Decode on the actor: the least utilisation of the busiest isolation domain.
  static let decodeUtilisation = 0.2
  /// Decode on the actor, and a hot actor: the least part of the mean `actor_wait` that the isolation
  /// was busy with other work (mean `actor_busy_wait` over mean `actor_wait`).
  static let busyShareOfWait = 0.5

  /// Decode on the actor, and a hot actor: the least mean `actor_wait`, in nanoseconds, for the wait
  /// to matter at all: over ten empty actor calls (about 60 ns each on the target machines). A lock
  /// busy 60% of the window whose callers waited 14 ns on average (`mutex/inside`) is no hot actor.
  static let meaningfulWaitNanoseconds = 1_000.0

  /// A hot actor: the least utilisation of the busiest isolation domain.
  static let hotUtilisation = 0.5

  /// One caller per pool cycle: the least multiple of the mean `actor_busy_wait` plus the scheduling
  /// delay (`sched_delay` p50) that the mean `actor_wait` must reach, and of the scheduling delay that
  /// the median `actor_wait` must reach: the wait is neither the actor's work nor one wait for a
  /// thread, and the median caller waited it too (not a tail's few).
  static let waitOverBusyAndScheduling = 4.0
  /// One caller per pool cycle: how far apart, as a factor either way, the mean `actor_wait` and the
  /// callers queued (Little's law: throughput × mean wait, per isolation domain) × the scheduling
  /// delay may be. The default run's one-actor `outside` variants read 1.5–1.9 (the queue × sched
  /// over the wait) at 16, 64 and 256 clients, while their wait grew from 0.1 to 5 ms.
  static let queuedTimesSchedulingFactor = 3.0

  /// Pool starvation: the least median scheduling delay (`sched_delay` p50), in nanoseconds: five
  /// default decodes (20 µs each), a tenth of the default fetch. On an idle 2-core machine the probe's
  /// p50 is a few µs; under the default run's 64 decoding clients it reaches 40–50 µs without the
  /// pool being the story, so the line sits above that.
  static let schedulingDelayNanoseconds = 100_000.0
  /// Pool starvation: the least median scheduling delay as a share of the median `actor_wait`.
  static let schedulingShareOfWait = 0.5

  /// Starved clients: more than this share of the clients completed under a tenth of their fair
  /// share of the requests (`ClientSpread.isExtreme`).
  static let starvedShareOfClients = 0.5
  /// Starved clients, or one client that did the run's work: the busiest client completed at least
  /// this share of the requests ...
  static let busiestClientShare = 0.5
  /// ... and at least this multiple of its fair share (so at least 20 clients at half the requests).
  static let busiestClientMultipleOfFairShare = 10.0

  /// Options a design ignored: with `--cancel-rate`, the least cancellations another variant of the
  /// run must have had for a variant's 0 to say the design ignored them.
  static let cancellationsElsewhere = 10.0

  /// Open-loop overload: the achieved rate below this share of the asked rate.
  static let achievedShareOfRate = 0.9

  /// Allocations per request: at least this multiple of the lowest other variant's ...
  static let allocationMultiple = 3.0
  /// ... and at least this many more allocations per request than it.
  static let allocationExcess = 2.0

  /// Memory per entry: at least this multiple of the leanest other variant's `bytes_per_entry` ...
  static let memoryMultiple = 2.0
  /// ... and at least this many bytes an entry more than it.
  static let memoryExcessBytes = 256.0
  /// Memory per entry: the least entries cached at window end (`cached_entries`) for a variant's
  /// `bytes_per_entry` to be compared: the window's allocated delta also holds what is not an entry
  /// (tasks, buffers, the runtime's own), a few KiB that a handful of entries would each be charged
  /// a large share of.
  static let memoryMinimumEntries = 100.0

  /// Hit throughput from 1 client to 2 (a sweep): below this share of its own hits a second at 1
  /// client, a variant's rate at 2 collapsed. `cachebench check`'s hit-scaling line, measured there
  /// (2-core Linux, Swift 6.3.1, all hits, 1 → 2 clients): one coalescing actor 0.19–0.26 (4.80 →
  /// 0.92 M/s), `mutex` 0.54–0.93, `sharded` 1.07.
  static let hitScalingShare = 0.5
  /// ... when another variant of the sweep at the same placement and client threads kept at least
  /// this multiple of its share, so a machine that got busier between the cells is not blamed on
  /// the design (with none to compare with, the finding says so).
  static let hitScalingOthersMultiple = 2.0
  /// ... and only cells of which at least this share of the requests were hits: with fetches in
  /// the window, its rate is the fetcher's, not the hit path's.
  static let hitShareOfRequests = 0.9
  /// ... and only cells measured at least this many times (`sweep --repeat`), read by their medians:
  /// at load 10–12 on 2 cores, three single-measurement sweeps of the same cells read `coalescing`
  /// 0.36×, 0.85× and 1.33× from 1 client to 2, and `mutex` 3.27×, 0.35× and 0.06×.
  static let hitScalingMeasurements = 3

  /// Lines the terminal and Markdown show by default; the JSON holds every finding.
  static let shownFindings = 8
}
