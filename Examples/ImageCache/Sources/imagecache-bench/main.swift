import CacheBench
import CacheBenchCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The app's caches, registered beside cachebench's built-in designs; `--variants` names them.
exit(
  await CacheBenchCommand.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    designs: [
      CacheDesign(
        name: "image-reentrant",
        summary: "actor: check, await the download, store; overlapping misses each download",
        traits: [.measuredByDefault]
      ) { ReentrantImageCache(environment: $0) },
      CacheDesign(
        name: "image-inflight",
        summary: "actor that stores the download task before awaiting it; misses join it",
        traits: [.coalesces, .measuredByDefault]
      ) { InFlightImageCache(environment: $0) },
      CacheDesign(
        name: "image-locked",
        summary: "the in-flight table behind a Mutex, no actor",
        traits: [.coalesces, .lockIsolated, .measuredByDefault]
      ) { LockedImageCache(environment: $0) },
    ]))
