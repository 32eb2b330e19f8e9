import Synchronization
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Holds a cache actor busy, without suspending, until the test opens the gate: the controllable long call
/// that makes callers queue.
///
/// The holder spins on an atomic flag while isolated to the actor (a suspension would release the actor),
/// so it occupies one thread of the cooperative pool until `open()`; tests using it need a pool of at least
/// two threads and must not run two holders at once.
final class OccupancyGate: Sendable {
  private let held = Atomic<Bool>(false)
  private let opened = Atomic<Bool>(false)

  /// Spins until `open()`; call it from inside the actor to hold.
  func hold() {
    held.store(true, ordering: .releasing)
    while !opened.load(ordering: .acquiring) {}
  }

  /// Whether a holder is inside the actor.
  var isHeld: Bool { held.load(ordering: .acquiring) }

  /// Lets the holder leave; returns the `MonotonicClock` reading taken just before, which no caller queued
  /// behind the holder can have entered the actor before.
  @discardableResult
  func open() -> UInt64 {
    let now = MonotonicClock.now()
    opened.store(true, ordering: .releasing)
    return now
  }
}

/// A cache actor that times its isolated work with an `IsolationBusyTime` (`busy`), which a test can hold.
protocol HoldableActor: Actor {
  var busy: IsolationBusyTime { get }
}

extension HoldableActor {
  /// Occupies the actor until `gate` opens, timed as the design times its own segments: other work
  /// the actor runs.
  func hold(until gate: OccupancyGate) {
    let segment = busy.enter()
    gate.hold()
    busy.close(segment)
  }
}

extension NaiveActorCache: HoldableActor {}
extension CoalescingActorCache: HoldableActor {}
extension ResponseStoreActor: HoldableActor {}
extension InFlightTrackerActor: HoldableActor {}

/// An actor design with a way to hold the actor that serves a key.
struct HoldableDesign: Sendable, CustomTestStringConvertible {
  var name: String
  var make:
    @Sendable (any Fetcher) -> (
      cache: any Cache, hold: @Sendable (_ key: Int, _ gate: OccupancyGate) async -> Void
    )

  var testDescription: String { name }

  static let all: [HoldableDesign] = [
    HoldableDesign(name: "naive") { fetcher in
      let cache = NaiveActorCache(fetcher: fetcher, decoder: nil)
      return (cache, { _, gate in await cache.hold(until: gate) })
    },
    HoldableDesign(name: "coalescing") { fetcher in
      let cache = CoalescingActorCache(fetcher: fetcher, decoder: nil)
      return (cache, { _, gate in await cache.hold(until: gate) })
    },
    HoldableDesign(name: "sharded(4)") { fetcher in
      let cache = ShardedCache(shards: 4, fetcher: fetcher, decoder: nil)
      return (cache, { key, gate in await cache.shard(for: key).hold(until: gate) })
    },
    // The designs with a store actor hold the store, the actor every lookup enters first.
    HoldableDesign(name: "fetch-outside") { fetcher in
      let cache = FetchOutsideCache(fetcher: fetcher, decoder: nil)
      return (cache, { _, gate in await cache.store.hold(until: gate) })
    },
    HoldableDesign(name: "split") { fetcher in
      let cache = SplitResponsibilityCache(fetcher: fetcher, decoder: nil)
      return (cache, { _, gate in await cache.store.hold(until: gate) })
    },
  ]
}
