// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "cachebench",
  products: [
    .executable(name: "cachebench", targets: ["cachebench"])
  ],
  targets: [
    .systemLibrary(
      name: "CJemalloc",
      pkgConfig: "jemalloc",
      providers: [.apt(["libjemalloc-dev"])]
    ),
    // The time-stamp counter behind MonotonicClock (Swift has no inline assembly).
    .target(name: "CCycleCounter"),
    .target(
      name: "CacheBench",
      dependencies: ["CJemalloc", "CCycleCounter"],
      // Double.rounded() and friends call libm, which is linked only when some module imports Glibc or
      // Foundation; say so explicitly rather than depend on that.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
    .executableTarget(
      name: "cachebench",
      dependencies: ["CacheBench"]
    ),
    .testTarget(
      name: "CacheBenchTests",
      dependencies: ["CacheBench"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
