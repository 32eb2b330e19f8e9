import CacheBench

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The app's caches, registered beside cachebench's built-in designs; `--variants` names them.
exit(
  await CacheBenchCommand.main(
    arguments: Array(CommandLine.arguments.dropFirst()), designs: ImageCacheDesigns.all))
