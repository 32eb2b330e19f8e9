#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The name the tool goes by in its usage lines, its help page and the prefix and hints of its messages:
/// the running executable's own, so that a user's benchmark executable (`imagecache-bench`) says
/// `USAGE: imagecache-bench [run] [options]` and `see 'imagecache-bench --help'`, never a `cachebench`
/// the user may not have. Bound once by `CacheBenchCommand.main(arguments:designs:)`, like
/// `RegisteredDesigns`; code that never went through it says `cachebench`.
enum ProgramName {
  @TaskLocal static var current = "cachebench"

  /// The last path component of the process's `argv[0]`, or `cachebench` when there is none.
  static var ofThisProcess: String {
    let invoked = CommandLine.arguments.first ?? ""
    let name = invoked.split(separator: "/").last.map(String.init) ?? ""
    return name.isEmpty ? "cachebench" : name
  }
}
