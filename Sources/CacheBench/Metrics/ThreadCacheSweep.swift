import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a flush of the allocator's thread cache on every worker thread of Swift's global executor.
///
/// Only a thread can flush its own cache, and a task cannot choose its thread. So the sweep starts one task
/// per worker thread; each flushes the thread it runs on and then spins until all of them have flushed. A
/// spinning task keeps its thread, so the tasks must be running on as many different threads at the moment
/// they all meet: every worker has flushed. Child tasks inherit the caller's priority, so they run on the
/// same dispatch queue, hence the same threads, as the clients and fetches started from that caller.
/// Meeting also means no worker is still inside a job, so caches and tasks released before the sweep are
/// really gone when it returns.
///
/// How many workers? libdispatch sizes the pool behind Swift's global executor on Linux to the cores the
/// process may run on, but adds threads when workers block (in I/O, say), and an idle thread lingers. So
/// before meeting, the sweep counts the threads that carry the workers' name (`census`), and meets with at
/// least that many; if the pool has grown by the time all have met, it tries once more, then gives up.
/// Where thread names carry no information the census is unknown and the core count is used.
///
/// The spin is bounded: after `timeout` a sweep gives up and returns false, and whoever asked reports the
/// figures that needed it as unknown. Sweeps take turns, because two at once would each hold some workers
/// spinning while waiting for the workers the other holds.
struct ThreadCacheSweep: Sendable {
  /// Tasks started at least, whatever the census says.
  var minimumWidth: Int
  /// How long the tasks of one attempt may take to meet, in nanoseconds.
  var timeoutNanoseconds: UInt64
  /// Counts the worker threads of the caller's queue now; nil when they cannot be told apart.
  var census: @Sendable () async -> Int?

  /// A sweep over at least as many workers as the process has schedulable cores.
  init(
    minimumWidth: Int = ProcessThreads.schedulableCores, timeout: Duration = .milliseconds(250),
    census: @escaping @Sendable () async -> Int? = { await ThreadCacheSweep.workerCount() }
  ) {
    precondition(minimumWidth >= 1)
    self.minimumWidth = minimumWidth
    timeoutNanoseconds = UInt64(DecimalText.nanoseconds(timeout))
    self.census = census
  }

  /// Runs `flush` once on each of as many distinct worker threads as the pool has; whether every worker
  /// was reached in time.
  func run(_ flush: @escaping @Sendable () -> Void) async -> Bool {
    await Self.turns.wait()
    defer { Self.turns.signal() }
    var width = max(minimumWidth, await census() ?? 0)
    for _ in 0..<2 {
      guard await meet(width: width, flush) else { return false }
      guard let workers = await census(), workers > width else { return true }
      width = workers
    }
    return false
  }

  /// Starts `width` tasks that each run `flush` and wait for the others; whether all met in time.
  private func meet(width: Int, _ flush: @escaping @Sendable () -> Void) async -> Bool {
    let meeting = Meeting()
    let deadline = MonotonicClock.now() &+ timeoutNanoseconds
    return await withTaskGroup(of: Bool.self) { group in
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
  }

  /// The number of threads named like the worker a child task of the caller runs on; nil when workers are
  /// named like the main thread (libdispatch did not name them) or `/proc` is unreadable.
  static func workerCount() async -> Int? {
    let name = await withTaskGroup(of: String?.self) { group in
      group.addTask { ProcessThreads.currentThreadName }
      return await group.next() ?? nil
    }
    guard let name, name != ProcessThreads.processName, let names = ProcessThreads.threadNames()
    else { return nil }
    return names.filter { $0 == name }.count
  }

  /// Lets one sweep run at a time, process-wide.
  private static let turns = Turns()

  /// Where one attempt's tasks meet.
  private final class Meeting: Sendable {
    private let arrivals = Atomic<Int>(0)

    /// Counts the calling task in, then spins (yielding the core, not the thread) until `count` tasks
    /// have arrived or `deadline` (a `MonotonicClock` reading) passes; whether all arrived.
    func arriveAndWait(for count: Int, until deadline: UInt64) -> Bool {
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
    private let queue = Mutex(TurnQueue<CheckedContinuation<Void, Never>>())

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
