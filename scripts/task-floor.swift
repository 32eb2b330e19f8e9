// The memory floor of N suspended Swift tasks, before any code of cachebench: docs/cost-model.md.
//   swiftc -O -parse-as-library scripts/task-floor.swift -ljemalloc -o /tmp/task-floor
//   /tmp/task-floor 100000 continuation   # or actor, frame256, frame1024, frame4096
import Glibc
import Synchronization

func residentKiB() -> Int {
  guard let file = fopen("/proc/self/status", "r") else { return -1 }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, 256, file) != nil {
    let text = String(cString: line)
    if text.hasPrefix("VmRSS:") {
      return Int(text.split(separator: " ").dropFirst().first!)!
    }
  }
  return -1
}

final class Parking: Sendable {
  let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])
  let parked = Atomic<Int>(0)
  func park() async {
    await withCheckedContinuation { continuation in
      waiting.withLock { $0.append(continuation) }
      parked.add(1, ordering: .releasing)
    }
  }
  func releaseAll() {
    let all = waiting.withLock { list in
      defer { list = [] }
      return list
    }
    for continuation in all { continuation.resume() }
  }
}

actor Gate {
  var waiting: [CheckedContinuation<Void, Never>] = []
  let parking: Parking
  init(parking: Parking) { self.parking = parking }
  func wait() async {
    await withCheckedContinuation { continuation in
      waiting.append(continuation)
      parking.parked.add(1, ordering: .releasing)
    }
  }
  func releaseAll() {
    for continuation in waiting { continuation.resume() }
    waiting = []
  }
}

/// A frame that keeps `N` bytes live across the suspension, as a client keeps its recorder.
@inline(never)
func holdFrame<let N: Int>(_ parking: Parking, _ size: InlineArray<N, UInt8>.Type) async -> Int {
  var bytes = InlineArray<N, UInt8>(repeating: 1)
  fill(&bytes)
  await parking.park()
  return sum(bytes)
}

@inline(never)
func fill<let N: Int>(_ bytes: inout InlineArray<N, UInt8>) {
  for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index) }
}

@inline(never)
func sum<let N: Int>(_ bytes: InlineArray<N, UInt8>) -> Int {
  var total = 0
  for index in bytes.indices { total &+= Int(bytes[index]) }
  return total
}

@main
struct Floor {
  static func main() async {
    let arguments = CommandLine.arguments
    let tasks = Int(arguments[1])!
    let mode = arguments.count > 2 ? arguments[2] : "continuation"
    let parking = Parking()
    let gate = Gate(parking: parking)
    // Touch the pool first so its threads are in the "before" figure.
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 { group.addTask {} }
    }
    parking.waiting.withLock { $0.reserveCapacity(tasks) }
    let before = residentKiB()
    let runner = Task {
      await withTaskGroup(of: Int.self) { group in
        for _ in 0..<tasks {
          group.addTask {
            switch mode {
            case "actor": await gate.wait(); return 0
            case "frame256": return await holdFrame(parking, InlineArray<256, UInt8>.self)
            case "frame1024": return await holdFrame(parking, InlineArray<1024, UInt8>.self)
            case "frame4096": return await holdFrame(parking, InlineArray<4096, UInt8>.self)
            default: await parking.park(); return 0
            }
          }
        }
        var sum = 0
        for await value in group { sum &+= value }
        return sum
      }
    }
    while parking.parked.load(ordering: .acquiring) < tasks { await Task.yield() }
    let after = residentKiB()
    print(
      "tasks \(tasks) mode \(mode): VmRSS \(before) KiB before, \(after) KiB parked,"
        + " \(Double((after - before) * 1024) / Double(tasks)) bytes a task")
    if mode == "actor" { await gate.releaseAll() } else { parking.releaseAll() }
    _ = await runner.value
  }
}
