import CacheBench

await debugRun(CommandLine.arguments)
