import Testing

/// Yields until `condition` holds, for a state another task reaches without signalling it (a caller joining
/// an in-flight fetch inside a cache). It never sleeps; it gives up after a bounded number of yields and
/// records a test failure, so a broken cache fails the test instead of hanging it.
func eventually(
  _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () async -> Bool
) async {
  for _ in 0..<1_000_000 {
    if await condition() { return }
    await Task.yield()
  }
  Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
}
