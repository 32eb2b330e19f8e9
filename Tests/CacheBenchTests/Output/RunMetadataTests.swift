import CacheBenchBuildCommit
import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct RunMetadataTests {
  @Test func timestampIsISO8601InUTCWithWholeSeconds() {
    let date = Date(timeIntervalSince1970: 1_795_964_676.7)
    #expect(RunMetadata.timestamp(of: date) == "2026-11-29T15:04:36Z")
  }

  @Test func gitCommitComesFromTheLauncherVariable() {
    #expect(RunMetadata.gitCommit(in: ["CACHEBENCH_GIT_COMMIT": "5ea2c19\n"]) == "5ea2c19")
  }

  @Test(arguments: [[:], ["CACHEBENCH_GIT_COMMIT": ""], ["CACHEBENCH_GIT_COMMIT": " \n"]])
  func gitCommitIsUnknownWhenTheVariableIsUnsetOrBlank(environment: [String: String]) {
    #expect(RunMetadata.gitCommit(in: environment) == "unknown")
  }

  static let built = BuildCommit(
    hash: "0123456789abcdef0123456789abcdef01234567", isDirty: false)

  @Test func theLauncherVariableWinsOverTheBuildsCommit() {
    let commit = RunMetadata.gitCommit(in: ["CACHEBENCH_GIT_COMMIT": "5ea2c19"], built: Self.built)
    #expect(commit == "5ea2c19")
  }

  @Test func theLauncherVariableNamingADirtyBuildsCommitIsMarkedDirty() {
    var dirty = Self.built
    dirty.isDirty = true
    #expect(
      RunMetadata.gitCommit(in: ["CACHEBENCH_GIT_COMMIT": "0123456789ab"], built: dirty)
        == "0123456789ab+dirty")
    #expect(
      RunMetadata.gitCommit(in: ["CACHEBENCH_GIT_COMMIT": "0123456789ab+dirty"], built: dirty)
        == "0123456789ab+dirty")
    #expect(
      RunMetadata.gitCommit(in: ["CACHEBENCH_GIT_COMMIT": "5ea2c19"], built: dirty) == "5ea2c19")
  }

  @Test func withoutTheVariableTheBuildsCommitIsUsed() {
    #expect(RunMetadata.gitCommit(in: [:], built: Self.built) == "0123456789ab")
    #expect(RunMetadata.gitCommit(in: ["CACHEBENCH_GIT_COMMIT": " "], built: nil) == "unknown")
  }

  @Test func aPackagesOwnExecutableNamesItsPackagesCommitNotCachebenchs() {
    let package = "fedcba9876543210fedcba9876543210fedcba98"
    #expect(
      RunMetadata.gitCommit(in: [:], built: Self.built, executableCheckout: package)
        == "fedcba987654")
    var dirty = Self.built
    dirty.isDirty = true
    #expect(
      RunMetadata.gitCommit(in: [:], built: dirty, executableCheckout: package) == "fedcba987654")
    // The scripts' variable still wins.
    #expect(
      RunMetadata.gitCommit(
        in: ["CACHEBENCH_GIT_COMMIT": "5ea2c19"], built: Self.built, executableCheckout: package)
        == "5ea2c19")
  }

  @Test func versionNamesTheBuildsCommitWhenKnown() {
    #expect(
      RunMetadata.versionLine(toolVersion: "0.1.0", built: Self.built)
        == "cachebench 0.1.0 (commit 0123456789ab)")
    #expect(RunMetadata.versionLine(toolVersion: "0.1.0", built: nil) == "cachebench 0.1.0")
  }

  @Test func swiftVersionIsAReleaseNumber() {
    let version = RunMetadata.compilerVersion
    #expect(version.wholeMatch(of: /6\.[0-4](\.[0-4])?/) != nil)
  }

  @Test func currentGathersHostFactsAndTheGivenValues() {
    let date = Date(timeIntervalSince1970: 0)
    let metadata = RunMetadata.current(
      toolVersion: "9.9.9", date: date, environment: ["CACHEBENCH_GIT_COMMIT": "abc"])
    #expect(metadata.timestamp == "1970-01-01T00:00:00Z")
    #expect(metadata.toolVersion == "9.9.9")
    #expect(metadata.gitCommit == "abc")
    #expect(metadata.swiftVersion == RunMetadata.compilerVersion)
    #expect(metadata.hostCores >= 1)
    #expect(!metadata.hostName.isEmpty)
  }
}
