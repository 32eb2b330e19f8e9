// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "cachebench",
  products: [
    .executable(name: "cachebench", targets: ["cachebench"]),
    // What another package depends on to benchmark its own caches: the measuring core (the design
    // protocol, fetchers, workload, driver), the built-in designs, and the tool's entry point.
    .library(name: "CacheBench", targets: ["CacheBenchCore", "CacheBenchDesigns", "CacheBench"]),
  ],
  // jemalloc is the process allocator and the source of the memory columns. On by default; where
  // libjemalloc-dev cannot be installed, build with `--disable-default-traits`: the CJemalloc module
  // is then neither imported nor linked, and the jemalloc columns read n/a.
  traits: [
    .trait(name: "Jemalloc", description: "Link jemalloc and read its statistics."),
    .default(enabledTraits: ["Jemalloc"]),
  ],
  targets: [
    .systemLibrary(
      name: "CJemalloc",
      pkgConfig: "jemalloc",
      providers: [.apt(["libjemalloc-dev"])]
    ),
    // Valgrind client requests; no-ops when the valgrind headers are absent (see its header).
    .target(name: "CValgrind"),
    // The time-stamp counter behind MonotonicClock (Swift has no inline assembly).
    .target(name: "CCycleCounter"),
    // The thread sanitizer's acquire/release annotations, weak so they cost a branch outside it.
    .target(name: "CThreadSanitizer"),
    // The concurrency runtime's non-crashing executor queries, behind `CurrentExecutor`.
    .target(name: "CExecutorCheck"),
    // What measures: the design protocol and registry, fetchers, workload, driver, metrics,
    // calibration and platform code. It never names a type of the tool.
    .target(
      name: "CacheBenchCore",
      dependencies: [
        .target(name: "CJemalloc", condition: .when(traits: ["Jemalloc"])),
        "CValgrind",
        "CCycleCounter",
        "CThreadSanitizer",
        "CExecutorCheck",
      ],
      // Double.rounded() and friends call libm, which is linked only when some module imports Glibc or
      // Foundation; say so explicitly rather than depend on that.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
    // The built-in cache designs, written against the core's public API only, as a user's are.
    .target(
      name: "CacheBenchDesigns",
      dependencies: ["CacheBenchCore"]
    ),
    // The commit the tool is built from, which the BuildCommit plugin writes before each build; a
    // module of its own so that a new commit recompiles one small file, not the tool.
    .target(
      name: "CacheBenchBuildCommit",
      plugins: ["BuildCommitPlugin"]
    ),
    .plugin(name: "BuildCommitPlugin", capability: .buildTool()),
    // What a person or CI drives: options, commands, result writers, gate, profiles, profiling, sweep.
    .target(
      name: "CacheBench",
      dependencies: ["CacheBenchCore", "CacheBenchDesigns", "CacheBenchBuildCommit"]
    ),
    .executableTarget(
      name: "cachebench",
      dependencies: ["CacheBench"]
    ),
    .testTarget(
      name: "CacheBenchTests",
      dependencies: ["CacheBench", "CacheBenchBuildCommit", "CacheBenchCore", "CacheBenchDesigns"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
