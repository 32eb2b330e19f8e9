import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The repository's generations and revisions, driven synchronously step by step.
struct RepositoryTableTests {
  private typealias Table = RepositoryTable<String>

  private func ticket(_ table: Table, _ key: Int) -> Table.Ticket? {
    guard case .load(let ticket) = table.read(key) else { return nil }
    return ticket
  }

  @Test func aLoadThatBeganBeforeAWriteIsNotAdmittedWhenReleasedAfterIt() throws {
    var table = Table()
    let old = try #require(ticket(table, 1))
    table.beginWrite(1)
    #expect(table.completeWrite(1, revision: 2) == .advanced)
    // The delayed load now returns the snapshot it read before the write: revision 1.
    #expect(table.admit(old, entity: .init(revision: 1, value: "old")) == .staleGeneration)
    #expect(table.cachedRevision(of: 1) == nil)
    #expect(table.staleRejected == 1)
    let fresh = try #require(ticket(table, 1))
    #expect(table.admit(fresh, entity: .init(revision: 2, value: "new")) == .admitted)
    guard case .hit(let entity) = table.read(1) else { return #expect(Bool(false)) }
    #expect(entity.revision == 2)
  }

  @Test func aLoadThatBeganWhileAWriteWasInFlightIsNotAdmitted() throws {
    var table = Table()
    table.beginWrite(1)
    let during = try #require(ticket(table, 1))
    _ = table.completeWrite(1, revision: 3)
    #expect(
      table.admit(during, entity: .init(revision: 2, value: "before save")) == .staleGeneration)
  }

  @Test func outOfOrderWriteResponsesNeverMoveTheRevisionBackward() {
    var table = Table()
    table.beginWrite(1)
    table.beginWrite(1)
    #expect(table.completeWrite(1, revision: 6) == .advanced)
    #expect(table.completeWrite(1, revision: 5) == .outOfOrder)
    #expect(table.knownRevision(of: 1) == 6)
  }

  @Test func aLoadOlderThanAKnownRevisionIsRefusedEvenUnderTheCurrentGeneration() throws {
    var table = Table()
    _ = table.completeWrite(1, revision: 4)
    let current = try #require(ticket(table, 1))
    #expect(
      table.admit(current, entity: .init(revision: 3, value: "lagging replica")) == .olderRevision)
    #expect(table.knownRevision(of: 1) == 4)
  }

  @Test func aWriteClearsTheCachedEntity() throws {
    var table = Table()
    let first = try #require(ticket(table, 1))
    #expect(table.admit(first, entity: .init(revision: 1, value: "a")) == .admitted)
    table.beginWrite(1)
    guard case .load = table.read(1) else {
      Issue.record("after a write begins the next read loads")
      return
    }
  }
}
