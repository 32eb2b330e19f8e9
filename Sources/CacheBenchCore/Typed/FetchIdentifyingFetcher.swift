/// A fetcher whose every payload names the fetch that made it, as `cachebench check`'s does: given one,
/// a typed design's harness makes a fresh value for every fetch (`CacheBenchValue.init(payload:)` called
/// per fetch) rather than one per key per window, and answers a lookup with the payload of the fetch
/// whose value the cache served.
///
/// Why: a check such as `invalidate-during-fetch` must tell the value of a fetch that was in flight
/// during an invalidate from the value of the fetch after it. With one value per key every fetch
/// returns the same value, so the two cannot be told apart. A run's fetcher does not conform, so the
/// hit path of a run keeps its one value per key and its pointer comparison.
package protocol FetchIdentifyingFetcher: Fetcher {}
