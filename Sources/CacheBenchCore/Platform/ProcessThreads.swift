#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The threads of this process and the cores they may run on, as Linux reports them.
///
/// Used to reach every worker thread of Swift's global executor: on Linux that executor is libdispatch's
/// global queue for the task's priority, which runs as many workers at once as the process has cores
/// (`sched_getaffinity`), and whose threads all carry the queue's name.
enum ProcessThreads {
  /// Cores this process may be scheduled on: the bits of the `Cpus_allowed` mask in `/proc/self/status`
  /// (what `sched_getaffinity` returns, which Swift's Glibc module does not export), at least 1; the
  /// online core count where the mask cannot be read.
  static var schedulableCores: Int {
    guard let status = ProcFile.contents(ofPath: "/proc/self/status", capacity: 8_192),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
    else { return HostInfo.onlineCores }
    // e.g. `Cpus_allowed:\t00000000,00000003`: hexadecimal 32-bit words.
    let mask = line.dropFirst("Cpus_allowed:".count)
    var count = 0
    for character in mask {
      guard let digit = character.hexDigitValue else { continue }
      count += digit.nonzeroBitCount
    }
    return count > 0 ? count : HostInfo.onlineCores
  }

  /// The kernel's name of the calling thread (`/proc/thread-self/comm`), or nil where unreadable.
  static var currentThreadName: String? {
    readLine(atPath: "/proc/thread-self/comm")
  }

  /// The kernel's name of the main thread (`/proc/self/comm`), or nil where unreadable.
  static var processName: String? {
    readLine(atPath: "/proc/self/comm")
  }

  /// The kernel's id of the calling thread, from the link `/proc/thread-self` (`<pid>/task/<tid>`), or nil
  /// where unreadable.
  static var currentThreadID: Int32? {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return target.split(separator: "/").last.flatMap { Int32($0) }
  }

  /// Sets the kernel's name of the calling thread (`/proc/thread-self/comm`), which `threadIDs(named:)`,
  /// `top -H` and perf read; `name` is cut to its first 15 bytes, the kernel's limit. Swift's Glibc module
  /// does not export `pthread_setname_np`, and Foundation keeps `Thread.name` to itself on Linux. Does
  /// nothing where the file cannot be written.
  static func nameCurrentThread(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
  }

  /// Sets the calling thread's timer slack, how late the kernel may wake it from a timed wait to batch
  /// wake-ups (50 µs by default), through `/proc/<tid>/timerslack_ns`: Swift's Glibc module does not
  /// export the variadic `prctl`. A thread may set its own without privileges. Does nothing where the
  /// file cannot be written.
  static func setCurrentThreadTimerSlack(nanoseconds: Int) {
    guard let id = currentThreadID else { return }
    let descriptor = open("/proc/\(id)/timerslack_ns", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(String(nanoseconds).utf8)
    _ = bytes.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
  }

  /// The ids of this process's threads named `name` (`/proc/self/task/*/comm`); nil where unreadable, or
  /// when `name` is the main thread's, which threads inherit unless they are named, so it tells nothing.
  static func threadIDs(named name: String) -> Set<Int32>? {
    guard name != processName, let directory = opendir("/proc/self/task") else { return nil }
    defer { closedir(directory) }
    var ids: Set<Int32> = []
    while let entry = readdir(directory) {
      let text = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let id = Int32(text) else { continue }
      if readLine(atPath: "/proc/self/task/\(id)/comm") == name { ids.insert(id) }
    }
    return ids
  }

  /// The first line of a small file, without its line end; nil if it cannot be read.
  private static func readLine(atPath path: String) -> String? {
    ProcFile.contents(ofPath: path, capacity: 64).map { String($0.prefix { $0 != "\n" }) }
  }

}
