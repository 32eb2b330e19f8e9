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
    // Valgrind client requests; no-ops when the valgrind headers are absent (see its header).
    .target(name: "CValgrind"),
    .target(
      name: "CacheBench",
      dependencies: ["CJemalloc", "CValgrind"],
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
