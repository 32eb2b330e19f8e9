import CacheBenchCore
import CacheBenchDesigns

/// The designs the running tool knows: the built-in ones, plus whatever a user's executable registered
/// when it called `CacheBenchCommand.main(arguments:designs:)`.
///
/// A task-local rather than a parameter of every parser and command: the entry point binds it once, for
/// the whole run, and everything below it (the options, `--help`, the gate's rules, the profilers' window
/// selection) reads it. Code that never went through the entry point, the tests among it, sees the
/// built-in designs.
enum RegisteredDesigns {
  @TaskLocal static var registry: DesignRegistry = .builtIn

  /// The design that `sweep` compares every cell with: the first registered one that coalesces on one
  /// actor (the built-in `coalescing`).
  static var reference: CacheDesign {
    registry.designs.first {
      $0.traits.contains(.coalesces) && !$0.isSharded && !$0.takesWrites
        && !$0.traits.contains(.lockIsolated)
    } ?? .coalescing
  }
}
