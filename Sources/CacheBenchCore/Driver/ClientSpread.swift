/// How evenly a window's requests were spread over its clients: whether the run was as concurrent as it
/// was asked to be.
///
/// A closed-loop client issues its next request only when its last one returned, so a client stuck behind
/// others completes few. With `--keys 1` and a lock, two of 64 clients once did almost all 50,000
/// requests while each of the other 62 waited out the whole window: the run was not 64-way concurrent,
/// and its latency tail measured that. Counted over the clients that returned; a client abandoned in a
/// request (`undrained_clients`) is in no figure.
package struct ClientSpread: Sendable, Equatable {
  /// Clients counted.
  package var clients: Int
  /// Fewest, median (the lower middle for an even count) and most requests one client completed.
  package var minimum: Int
  package var median: Int
  package var maximum: Int
  /// Jain's fairness index, (Σx)² / (n·Σx²): 1 when every client did the same, 1/n when one did all.
  package var jainIndex: Double
  /// Clients that completed under a tenth of the fair share (requests / clients).
  package var starved: Int

  /// The spread of `requestsPerClient`; nil without a client or a request.
  package init?(requestsPerClient: [Int]) {
    let total = requestsPerClient.reduce(0, +)
    guard !requestsPerClient.isEmpty, total > 0 else { return nil }
    let sorted = requestsPerClient.sorted()
    clients = sorted.count
    minimum = sorted[0]
    median = sorted[(sorted.count - 1) / 2]
    maximum = sorted[sorted.count - 1]
    let squares = sorted.reduce(0.0) { $0 + Double($1) * Double($1) }
    jainIndex = Double(total) * Double(total) / (Double(clients) * squares)
    let tenthOfShare = Double(total) / Double(clients) / 10
    starved = sorted.count { Double($0) < tenthOfShare }
  }

  /// Whether most clients were starved: the run was far less concurrent than asked.
  package var isExtreme: Bool { clients > 1 && starved * 2 > clients }
}
