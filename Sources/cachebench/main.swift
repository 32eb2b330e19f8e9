import CacheBench

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(await CacheBenchCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
