import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct ProcessThreadsTests {
  @Test func threadsAndCoresAreReadFromProc() throws {
    #expect(ProcessThreads.schedulableCores >= 1)
    #expect(ProcessThreads.schedulableCores <= HostInfo.onlineCores)
    let name = try #require(ProcessThreads.currentThreadName)
    let id = try #require(ProcessThreads.currentThreadID)
    if name != ProcessThreads.processName {
      #expect(ProcessThreads.threadIDs(named: name)?.contains(id) == true)
    }
  }

  @Test func theMainThreadsNameTellsNothingAboutWorkers() throws {
    let name = try #require(ProcessThreads.processName)
    #expect(ProcessThreads.threadIDs(named: name) == nil)
  }
}
