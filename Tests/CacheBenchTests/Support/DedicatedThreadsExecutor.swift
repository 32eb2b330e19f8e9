import Foundation

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

#if canImport(Glibc)
  import Glibc
#endif

/// A task executor with its own fixed set of named threads, for tests that must know exactly which
/// threads their tasks can run on.
///
/// The global executor's pool is shared with every concurrently running test, and grows when one of them
/// blocks, so a test that sweeps "every worker" there depends on what the others do. Under
/// `withTaskExecutorPreference(_:operation:)` a test's child tasks run on these threads instead, and the
/// worker census finds exactly `threadCount` of them by their name.
final class DedicatedThreadsExecutor: TaskExecutor, @unchecked Sendable {
  /// The threads' name, also what the sweep's census counts.
  let name: String
  let threadCount: Int
  // `jobs` and `stopped` are guarded by `condition`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopped = false

  private init(threadCount: Int, name: String) {
    self.threadCount = threadCount
    self.name = name
  }

  /// An executor whose `threadCount` threads, named `name` (at most 15 bytes, the kernel's limit), are
  /// all running and named.
  static func start(threadCount: Int, name: String) async -> DedicatedThreadsExecutor {
    let executor = DedicatedThreadsExecutor(threadCount: threadCount, name: name)
    let started = Started()
    await withCheckedContinuation { (ready: CheckedContinuation<Void, Never>) in
      for _ in 0..<threadCount {
        Thread {
          nameCurrentThread(name)
          if started.count.withLock({
            $0 += 1
            return $0
          }) == threadCount {
            ready.resume()
          }
          executor.run()
        }.start()
      }
    }
    return executor
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Lets the threads finish once the jobs queued so far have run.
  func shutdown() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  /// Threads that have named themselves.
  private final class Started: Sendable {
    let count = SanitizerVisibleMutex(0)
  }

  /// Sets the kernel's name of the calling thread, which the census reads. Foundation keeps
  /// `Thread.name` to itself on Linux, and Swift's Glibc module does not export `pthread_setname_np`.
  private static func nameCurrentThread(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    _ = name.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
