import Testing

@testable import CacheBench

struct ProcessThreadsTests {
  @Test func threadsAndCoresAreReadFromProc() throws {
    #expect(ProcessThreads.schedulableCores >= 1)
    #expect(ProcessThreads.schedulableCores <= HostInfo.onlineCores)
    let names = try #require(ProcessThreads.threadNames())
    #expect(names.count >= 2, "the test runner has a main thread and workers")
    let current = try #require(ProcessThreads.currentThreadName)
    #expect(names.contains(current))
  }
}
