// What a hit of a hand-written actor costs beyond an empty actor call, part by part, with nothing of
// cachebench in it: docs/metrics.md ("What remains, and the target of 1.5× the empty actor call").
//   swiftc -O scripts/hop-costs.swift -o /tmp/hop-costs && /tmp/hop-costs
// Each probe is a loop of 200,000 awaited calls from a task into one actor; every probe runs 31 rounds,
// interleaved, and its best round is printed in nanoseconds per call and as a multiple of the empty call.
import Dispatch
import Glibc

final class Storage {}
let storage = Storage()

/// A value that holds a reference, as a payload holds its bytes.
struct Held {
  var storage: Storage
  var tag: UInt64
}

/// The same with four more words, as a timed hit's result carries its timing.
struct HeldTimed {
  var storage: Storage
  var tag: UInt64
  var entered: UInt64, reentryWait: UInt64, service: UInt64, busyWait: UInt64
}

actor Target {
  var count = 0
  var stored = Held(storage: storage, tag: 1)
  var table: [Int: Held] = [0: Held(storage: storage, tag: 1)]
  var integers: [Int: Int] = [0: 7]

  func increment() { count &+= 1 }
  func integer(_ key: Int) -> Int { key &+ 1 }
  func storedValue(_ key: Int) -> Held? { key == 0 ? stored : nil }
  func tableInteger(_ key: Int) -> Int { integers[key] ?? 0 }
  func tableValue(_ key: Int) -> Held? { table[key] }
  func tableValueTimed(_ key: Int) -> HeldTimed? {
    guard let value = table[key] else { return nil }
    return HeldTimed(
      storage: value.storage, tag: value.tag, entered: 1, reentryWait: 0, service: 2, busyWait: 3)
  }
  func tableValueAsync(_ key: Int) async -> Held? { table[key] }
}

let calls = 200_000

func nanosecondsPerCall(since start: UInt64) -> Double {
  Double(DispatchTime.now().uptimeNanoseconds - start) / Double(calls)
}

/// Keeps a result observable, so the optimiser cannot drop the calls.
@inline(never) func keep(_ value: UInt64) {
  if value == 42 { print(value) }
}

let probes: [(String, @Sendable (Target) async -> Double)] = [
  ("empty actor call", { target in
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<calls { await target.increment() }
    return nanosecondsPerCall(since: start)
  }),
  ("returns an Int", { target in
    var sum: UInt64 = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for key in 0..<calls { sum &+= UInt64(await target.integer(key)) }
    let result = nanosecondsPerCall(since: start)
    keep(sum)
    return result
  }),
  ("returns a stored reference", { target in
    var sum: UInt64 = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<calls { if let value = await target.storedValue(0) { sum &+= value.tag } }
    let result = nanosecondsPerCall(since: start)
    keep(sum)
    return result
  }),
  ("Dictionary<Int, Int> lookup", { target in
    var sum: UInt64 = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<calls { sum &+= UInt64(await target.tableInteger(0)) }
    let result = nanosecondsPerCall(since: start)
    keep(sum)
    return result
  }),
  ("Dictionary lookup, returns a reference", { target in
    var sum: UInt64 = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<calls { if let value = await target.tableValue(0) { sum &+= value.tag } }
    let result = nanosecondsPerCall(since: start)
    keep(sum)
    return result
  }),
  ("the same, 6-word result", { target in
    var sum: UInt64 = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<calls {
      if let value = await target.tableValueTimed(0) { sum &+= value.tag &+ value.service }
    }
    let result = nanosecondsPerCall(since: start)
    keep(sum)
    return result
  }),
  ("the same, isolated async method", { target in
    var sum: UInt64 = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<calls { if let value = await target.tableValueAsync(0) { sum &+= value.tag } }
    let result = nanosecondsPerCall(since: start)
    keep(sum)
    return result
  }),
]

@concurrent func measure() async {
  let target = Target()
  var best = [Double](repeating: .infinity, count: probes.count)
  for _ in 0..<31 {
    for index in probes.indices { best[index] = min(best[index], await probes[index].1(target)) }
  }
  for index in probes.indices {
    let name = probes[index].0 + String(repeating: " ", count: max(0, 40 - probes[index].0.count))
    let perCall = (best[index] * 10).rounded() / 10
    let multiple = (best[index] / best[0] * 100).rounded() / 100
    print("\(name) \(perCall) ns  \(multiple)×")
  }
}

await measure()
