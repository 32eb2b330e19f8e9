/// The sleepers of the fetch timer (`DeadlineTimerThread`) by when to resume them, and how early to aim:
/// the rules its thread and the sleeping tasks follow under its lock, as a value with mutating methods that
/// return what to do, so they are tested without threads or time.
///
/// A sleep is three steps: `reserve()` an id (before the task can be cancelled into it), `park` the waiter
/// under that id with its deadline, and then exactly one of: the timer takes it from `popDue(at:)` and
/// resumes it, or `cancel` takes it and resumes it with `CancellationError`. A cancellation that comes
/// between the reservation and the parking marks the id, and the parking then refuses the waiter, so a
/// sleeper cancelled at any moment throws, and none is resumed twice. A cancelled sleeper's place in the
/// heap is left behind and skipped when it comes up.
///
/// **The lead.** A thread asked to wake at t wakes a little after it: the kernel's and the hypervisor's
/// wake-up, measured at 68–117 µs median at 1 ms on this 2-core VM, less when its cores are busy than when
/// they idle. So a sleeper is parked to be resumed `lead` before its deadline (never before its
/// `notBefore`), and the thread reports each timed wake's lateness behind the time it aimed at (`learn`).
/// The lead moves a fixed step towards each report, which makes it track the median lateness (a step
/// size, not the size of the miss, so one preempted wake of milliseconds moves it no more than any other)
/// within `maximumLead`. It is learnt for the whole process, from its first fetches on, as the load
/// changes; the realised latency of every fetch is still measured, not assumed.
struct DeadlineQueue<Waiter> {
  /// What `park` tells the sleeper to do.
  enum Parking: Equatable {
    /// Parked. `isEarliest`: no parked sleeper is due sooner, so the timer thread, which may be waiting
    /// for a later one, must be woken to wait for this one instead.
    case parked(isEarliest: Bool)
    /// The sleep was cancelled before it parked: resume the waiter with `CancellationError` now.
    case cancelled
  }

  /// A sleeper taken from the queue to resume: `aimedAt` is when it was due, which `learn` needs.
  struct Due {
    var waiter: Waiter
    var aimedAt: UInt64
  }

  private enum Slot {
    case reserved
    case parked(Waiter)
    case cancelled
  }

  /// The largest lead, ns: a wake-up later than this is a preemption, not the kernel's usual lateness.
  static var maximumLead: UInt64 { 200_000 }
  /// How far one report moves the lead, ns.
  static var leadStep: UInt64 { 2_000 }

  /// How long before its deadline a sleeper parked now is due, ns.
  private(set) var lead: UInt64 = 0
  private var slots: [UInt64: Slot] = [:]
  /// A binary min-heap of parked sleepers by due time; an entry whose slot is gone was cancelled.
  private var heap: [(due: UInt64, id: UInt64)] = []
  private var nextID: UInt64 = 0

  /// Sleeps reserved and not yet resumed or refused.
  var pendingCount: Int { slots.count }

  /// A new sleep's id.
  mutating func reserve() -> UInt64 {
    nextID &+= 1
    slots[nextID] = .reserved
    return nextID
  }

  /// Parks `waiter` under `id`, due `lead` before `deadline` but not before `notBefore` (both
  /// `MonotonicClock` readings), unless the sleep was cancelled since it was reserved.
  mutating func park(_ id: UInt64, until deadline: UInt64, notBefore: UInt64, _ waiter: Waiter)
    -> Parking
  {
    guard case .reserved? = slots[id] else {
      slots[id] = nil
      return .cancelled
    }
    slots[id] = .parked(waiter)
    let due = max(deadline > lead ? deadline - lead : 0, notBefore)
    let isEarliest = nextDue.map { due < $0 } ?? true
    push(due: due, id: id)
    return .parked(isEarliest: isEarliest)
  }

  /// Cancels sleep `id`: its waiter, to resume with `CancellationError`, if it was parked; nil if it was
  /// not parked yet (it is then refused when it parks) or has already been resumed.
  mutating func cancel(_ id: UInt64) -> Waiter? {
    switch slots[id] {
    case .reserved?:
      slots[id] = .cancelled
      return nil
    case .parked(let waiter)?:
      slots[id] = nil
      return waiter
    case .cancelled?, nil:
      return nil
    }
  }

  /// When the earliest parked sleeper is due; nil when none is parked.
  var nextDue: UInt64? {
    mutating get {
      dropCancelledTop()
      return heap.first?.due
    }
  }

  /// The parked sleeper due earliest, if it is due at or before `now`, taken out of the queue.
  mutating func popDue(at now: UInt64) -> Due? {
    dropCancelledTop()
    guard let top = heap.first, top.due <= now else { return nil }
    popTop()
    guard case .parked(let waiter)? = slots.removeValue(forKey: top.id) else { return nil }
    return Due(waiter: waiter, aimedAt: top.due)
  }

  /// Takes in how late a wake from a timed wait aimed at `aimedAt` came (`wokeAt`): the lead moves one
  /// step towards that lateness.
  mutating func learn(wokeAt: UInt64, aimedAt: UInt64) {
    let lateness = wokeAt > aimedAt ? wokeAt - aimedAt : 0
    if lateness > lead {
      lead = min(lead + Self.leadStep, Self.maximumLead)
    } else if lateness < lead {
      lead -= min(Self.leadStep, lead)
    }
  }

  /// Removes heap entries of cancelled sleepers from the top, so the top is a parked sleeper's.
  private mutating func dropCancelledTop() {
    while let top = heap.first {
      if case .parked? = slots[top.id] { return }
      popTop()
    }
  }

  private mutating func push(due: UInt64, id: UInt64) {
    heap.append((due, id))
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].due < heap[parent].due else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func popTop() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, heap[left].due < heap[smallest].due { smallest = left }
      if right < heap.count, heap[right].due < heap[smallest].due { smallest = right }
      guard smallest != parent else { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
