import CacheBenchCore

/// `cachebench --version`: prints the tool's version and the compiler that built it.
struct VersionCommand: Subcommand {
  func execute() {
    print(RunMetadata.versionLine(toolVersion: cacheBenchVersion))
  }
}
