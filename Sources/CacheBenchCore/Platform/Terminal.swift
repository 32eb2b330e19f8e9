#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether standard error is a terminal, and how wide: the libc calls behind the choice between a
/// redrawn progress bar and plain progress lines (STYLE.md rule 9).
package enum Terminal {
  /// Whether file descriptor 2 is a terminal (`isatty(3)`). Only a terminal shows a line redrawn in
  /// place; a file, pipe or CI log would collect every redraw.
  package static var standardErrorIsTerminal: Bool {
    isatty(2) == 1
  }

  /// The width in columns of the terminal on standard error (`TIOCGWINSZ`), or `nil` when it is not a
  /// terminal or reports no width.
  package static var standardErrorColumns: Int? {
    var size = winsize()
    guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
