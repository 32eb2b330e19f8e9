/// A result that exactly one of several racing tasks delivers to one waiter; later deliveries are
/// ignored.
package final class FirstOutcome<Value: Sendable>: Sendable {
  private struct State {
    var value: Value?
    var waiter: CheckedContinuation<Value, Never>?
  }
  private let state = SanitizerVisibleMutex(State())

  package init() {}

  /// Delivers `value` unless another one came first.
  package func deliver(_ value: Value) {
    let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
      guard state.value == nil else { return nil }
      state.value = value
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: value)
  }

  /// The first value delivered, waiting for it if need be. Call once.
  package func value() async -> Value {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Value? in
        if let value = state.value { return value }
        state.waiter = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
