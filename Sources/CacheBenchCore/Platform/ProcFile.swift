#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads of the kernel's small generated files under `/proc`.
enum ProcFile {
  /// The contents of a small `/proc` file, read in one call (the kernel generates it whole).
  static func contents(ofPath path: String, capacity: Int) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: capacity)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return String(decoding: buffer.prefix(count), as: UTF8.self)
  }
}
