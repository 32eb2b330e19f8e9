import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct ProcessMemoryTests {
  @Test func theResidentSetAndItsPeakAreReadFromProc() throws {
    let reading = try #require(ProcessMemory.current())
    #expect(reading.residentBytes > 0)
    #expect(reading.peakResidentBytes >= reading.residentBytes)
    let sampled = try #require(ProcessMemory.residentBytes())
    #expect(sampled > 0)
  }
}
