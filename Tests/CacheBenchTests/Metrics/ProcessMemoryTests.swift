import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

#if canImport(Glibc)
  import Glibc
#endif

struct ProcessMemoryTests {
  @Test func theResidentSetAndItsPeakAreReadFromProc() throws {
    let reading = try #require(ProcessMemory.current())
    #expect(reading.residentBytes > 0)
    #expect(reading.peakResidentBytes >= reading.residentBytes)
    let sampled = try #require(ProcessMemory.residentBytes())
    #expect(sampled > 0)
  }

  /// The check behind `peak_rss_source` `vmhwm`: once reset, the kernel's mark starts again from the
  /// resident set. 256 MiB are mapped, touched and unmapped first, so a mark that was not reset would
  /// read at least that far above it.
  @Test(.enabled(if: ProcessMemory.resetPeak()))
  func afterAResetThePeakReadsCloseToTheResidentSet() throws {
    #if canImport(Glibc)
      let length = 256 << 20
      let block = try #require(
        mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
      try #require(block != MAP_FAILED)
      let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
      for offset in stride(from: 0, to: length, by: pageSize) {
        block.storeBytes(of: 1, toByteOffset: offset, as: UInt8.self)
      }
      munmap(block, length)
      try #require(ProcessMemory.resetPeak())
      let after = try #require(ProcessMemory.current())
      #expect(after.peakResidentBytes - after.residentBytes <= 16 << 20)
    #endif
  }
}
