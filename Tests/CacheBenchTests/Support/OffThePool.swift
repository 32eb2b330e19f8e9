import Foundation

/// Runs `body`, which blocks (it waits for a child process), on a thread of its own instead of one of the
/// concurrency runtime's cooperative threads, and resumes the caller with its result.
///
/// The pool has one thread per core, two here. Two tests blocked in a child's run held the whole pool in
/// one run of the suite under load: every other test's window stalled, and the driver's stall watchdog
/// cancelled it after 60 s (`ClientBatchTests` then counted 86 of its 2,200 requests). A test that waits
/// for a child waits here. `body` runs outside the test's task, so it must not record issues
/// (`#expect`, `#require`): check its result after it returns.
func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws
  -> Value
{
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

/// A value handed to `offThePool`'s thread that is not `Sendable` by its type (a `Process`, a `Pipe`):
/// the test does not touch it while the thread does.
struct HandedOver<Value>: @unchecked Sendable {
  let value: Value
}
