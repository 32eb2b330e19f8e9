import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a flush of the allocator's thread cache on every worker thread of Swift's global executor.
///
/// Only a thread can flush its own cache, and a task cannot choose its thread. So the sweep starts one task
/// per core: each flushes the thread it runs on and then spins until all of them have flushed. A spinning
/// task keeps its thread, so the tasks must be running on as many different threads at the moment they all
/// meet. Child tasks inherit the caller's priority, so they run on the same dispatch queue, hence the same
/// threads, as the clients and fetches started from that caller. Meeting also means no worker is still
/// inside a job, so caches and tasks released before the sweep are really gone when it returns.
///
/// libdispatch runs as many workers at once as the process has cores, but it may keep more threads: when a
/// worker blocks (in I/O, say) for about a second it adds one, and the extra thread stays. Any of them may
/// have run the benchmark's tasks. So after meeting, the sweep lists the threads that carry the workers'
/// name (`census`) and compares them with the threads it reached; while some were missed it meets again
/// (which threads libdispatch wakes varies), up to `attempts` times, then reports failure. Where threads
/// cannot be told apart (unnamed workers, no `/proc`) the census is unknown and one meeting is trusted.
///
/// Each meeting is bounded by `timeout`. A meeting that timed out (on a loaded machine the workers may not
/// all get a core within it) counts as one of the `attempts`; once they are spent the sweep returns false,
/// and whoever asked reports the figures that needed it as unknown. Sweeps take turns, because two at once would each hold
/// some workers spinning while waiting for the workers the other holds.
struct ThreadCacheSweep: Sendable {
  /// Tasks per meeting: the workers libdispatch runs at once.
  var width: Int
  /// How long one meeting's tasks may take to meet, in nanoseconds.
  var timeoutNanoseconds: UInt64
  /// Meetings before a sweep that keeps missing a worker, or whose meetings time out, gives up.
  var attempts: Int
  /// The ids of the threads named like the workers (given that name); nil when they cannot be listed.
  var census: @Sendable (_ workerName: String) -> Set<Int32>?

  /// A sweep over as many workers at once as the process has schedulable cores.
  init(
    width: Int = ProcessThreads.schedulableCores, timeout: Duration = .milliseconds(250),
    attempts: Int = 4,
    census: @escaping @Sendable (_ workerName: String) -> Set<Int32>? = {
      ProcessThreads.threadIDs(named: $0)
    }
  ) {
    precondition(width >= 1 && attempts >= 1)
    self.width = width
    timeoutNanoseconds = UInt64(DecimalText.nanoseconds(timeout))
    self.attempts = attempts
    self.census = census
  }

  /// Runs `flush` on every worker thread, several on each if it takes more than one meeting; whether every
  /// worker was reached in time.
  func run(_ flush: @escaping @Sendable () -> Void) async -> Bool {
    await Self.turns.wait()
    defer { Self.turns.signal() }
    var reached: Set<Int32> = []
    for _ in 0..<attempts {
      guard let meeting = await meet(flush) else { continue }
      guard let name = meeting.workerName, let workers = census(name) else { return true }
      reached.formUnion(meeting.threads)
      if workers.isSubset(of: reached) { return true }
    }
    return false
  }

  /// Starts `width` tasks that each run `flush` and wait for the others; the meeting if all met in time.
  private func meet(_ flush: @escaping @Sendable () -> Void) async -> Meeting? {
    let meeting = Meeting()
    let deadline = MonotonicClock.now() &+ timeoutNanoseconds
    let width = self.width
    let met = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<width {
        group.addTask {
          flush()
          return meeting.arriveAndWait(for: width, until: deadline)
        }
      }
      var all = true
      for await arrived in group { all = all && arrived }
      return all
    }
    return met ? meeting : nil
  }

  /// Lets one sweep run at a time, process-wide.
  private static let turns = Turns()

  /// Where one meeting's tasks meet, and which threads they ran on.
  private final class Meeting: Sendable {
    private let arrivals = Atomic<Int>(0)
    private let seen = SanitizerVisibleMutex<(threads: Set<Int32>, name: String?)>(([], nil))

    /// The ids of the threads that arrived; empty where ids cannot be read.
    var threads: Set<Int32> { seen.withLock { $0.threads } }

    /// The kernel's name of a thread that arrived, which all workers of the queue share.
    var workerName: String? { seen.withLock { $0.name } }

    /// Counts the calling task in, then spins (yielding the core, not the thread) until `count` tasks
    /// have arrived or `deadline` (a `MonotonicClock` reading) passes; whether all arrived.
    func arriveAndWait(for count: Int, until deadline: UInt64) -> Bool {
      let id = ProcessThreads.currentThreadID
      let name = ProcessThreads.currentThreadName
      seen.withLock { seen in
        if let id { seen.threads.insert(id) }
        if seen.name == nil { seen.name = name }
      }
      arrivals.add(1, ordering: .acquiringAndReleasing)
      while arrivals.load(ordering: .acquiring) < count {
        guard MonotonicClock.now() < deadline else { return false }
        sched_yield()
      }
      return true
    }
  }

  /// A first-come, first-served async lock: `wait()` suspends until the previous holder calls `signal()`.
  private final class Turns: Sendable {
    private let queue = SanitizerVisibleMutex(TurnQueue<CheckedContinuation<Void, Never>>())

    /// Returns when the caller holds the turn: at once if nobody does, else after the holders before it.
    func wait() async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        if queue.withLock({ $0.request(continuation) }) { continuation.resume() }
      }
    }

    /// Passes the turn to the longest waiting caller, or frees it.
    func signal() {
      queue.withLock { $0.release() }?.resume()
    }
  }
}

/// Who holds a turn and who waits for it, first come first served; the state behind the sweep's lock,
/// generic over how a waiter is resumed so it can be tested with plain values.
struct TurnQueue<Waiter> {
  private var busy = false
  private var waiting: [Waiter] = []

  /// Asks for the turn: true if `waiter` has it now, false if it was queued.
  mutating func request(_ waiter: Waiter) -> Bool {
    guard busy else {
      busy = true
      return true
    }
    waiting.append(waiter)
    return false
  }

  /// Ends the current turn: the waiter to resume, who now holds the turn, or nil if the turn is free.
  mutating func release() -> Waiter? {
    guard !waiting.isEmpty else {
      busy = false
      return nil
    }
    return waiting.removeFirst()
  }
}
