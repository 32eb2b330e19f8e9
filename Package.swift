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
    .target(
      name: "CacheBench",
      dependencies: ["CJemalloc"]
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
