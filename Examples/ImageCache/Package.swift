// swift-tools-version: 6.1
import PackageDescription

// An app's own caches, measured by cachebench: this package depends on cachebench as a library and hands
// its designs to the tool's entry point. Copy the directory, point the path (or a URL) at cachebench,
// and replace the three caches with yours.
let package = Package(
  name: "ImageCache",
  dependencies: [
    .package(name: "cachebench", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "imagecache-bench",
      dependencies: [.product(name: "CacheBench", package: "cachebench")]
    ),
    // Tests of the caches' behaviour through `CacheBenchmark`: exact counts, no timing.
    .testTarget(
      name: "ImageCacheTests",
      dependencies: ["imagecache-bench", .product(name: "CacheBench", package: "cachebench")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
