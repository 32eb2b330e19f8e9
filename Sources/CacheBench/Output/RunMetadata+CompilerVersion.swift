import CacheBenchCore

extension RunMetadata {
  /// The version of the Swift compiler that built this binary, to patch precision for 6.0 through 6.4.
  ///
  /// Swift has no run-time query for its compiler version, so this is a compile-time ladder of
  /// `#if compiler(>=…)` checks, newest first, with patch levels up to .4 (a later patch reports .4).
  /// A compiler newer than the ladder reports `"6.5+"`; extend the ladder when adopting one.
  static var compilerVersion: String {
    #if compiler(>=6.5)
      return "6.5+"
    #elseif compiler(>=6.4.4)
      return "6.4.4"
    #elseif compiler(>=6.4.3)
      return "6.4.3"
    #elseif compiler(>=6.4.2)
      return "6.4.2"
    #elseif compiler(>=6.4.1)
      return "6.4.1"
    #elseif compiler(>=6.4)
      return "6.4"
    #elseif compiler(>=6.3.4)
      return "6.3.4"
    #elseif compiler(>=6.3.3)
      return "6.3.3"
    #elseif compiler(>=6.3.2)
      return "6.3.2"
    #elseif compiler(>=6.3.1)
      return "6.3.1"
    #elseif compiler(>=6.3)
      return "6.3"
    #elseif compiler(>=6.2.4)
      return "6.2.4"
    #elseif compiler(>=6.2.3)
      return "6.2.3"
    #elseif compiler(>=6.2.2)
      return "6.2.2"
    #elseif compiler(>=6.2.1)
      return "6.2.1"
    #elseif compiler(>=6.2)
      return "6.2"
    #elseif compiler(>=6.1.4)
      return "6.1.4"
    #elseif compiler(>=6.1.3)
      return "6.1.3"
    #elseif compiler(>=6.1.2)
      return "6.1.2"
    #elseif compiler(>=6.1.1)
      return "6.1.1"
    #elseif compiler(>=6.1)
      return "6.1"
    #elseif compiler(>=6.0.4)
      return "6.0.4"
    #elseif compiler(>=6.0.3)
      return "6.0.3"
    #elseif compiler(>=6.0.2)
      return "6.0.2"
    #elseif compiler(>=6.0.1)
      return "6.0.1"
    #elseif compiler(>=6.0)
      return "6.0"
    #else
      return "older than 6.0"
    #endif
  }
}
