import Synchronization

/// One window's keys and values of a typed design, made by the harness: the design's key for every key
/// index (made once, when the window's cache is built), the index of every key (for the fetch path), and
/// the value of every key that has been fetched (made once, at its first fetch).
///
/// The client loop's hit path reads `keys` and a value slot: an array read and an acquiring atomic load,
/// with no lock. The fetch path finds the index of a key in `indices` and makes a value under a lock,
/// once per key, so the value closure runs at most once per key per window.
///
/// `@unchecked Sendable`: `slots` is written only through `Atomic` (each slot set once, under
/// `creation`, and released in `deinit` when no one can read it any more); everything else is a
/// constant.
@usableFromInline
final class TypedKeyTable<Key: Hashable & Sendable, Value: CacheBenchValue>: @unchecked Sendable {
  /// A key's value and, when the harness needs its bytes (`keepsPayloads`), the payload it was made
  /// from; else an empty payload.
  @usableFromInline
  final class Entry: Sendable {
    @usableFromInline let payload: Payload
    @usableFromInline let value: Value

    init(payload: Payload, value: Value) {
      self.payload = payload
      self.value = value
    }
  }

  /// The design's key of each key index.
  @usableFromInline let keys: [Key]
  /// The key index of each key.
  let indices: [Key: Int]
  /// Makes a value from a fetched payload (the design's `value` closure).
  private let makeValue: @Sendable (Payload) -> Value
  /// Whether each entry keeps the payload its value was made from: only when the harness reads the
  /// bytes again (a decode inside or outside the cache, or `valuePerFetch`). A kept payload is the
  /// harness's memory, not the cache's, and `harnessHeldBytes` charges it to the harness; one not kept
  /// costs nothing.
  let keepsPayloads: Bool
  /// For each key index, an `Unmanaged<Entry>`'s bits once the key was fetched, else 0.
  @usableFromInline let slots: UnsafeMutablePointer<Atomic<UInt>>
  /// For each key index, its value's `storageIdentity` once the key was fetched, else 0.
  @usableFromInline let identities: UnsafeMutablePointer<Atomic<UInt>>
  /// For each key index, the `storageIdentity` of the cache's own copy of its value that last passed
  /// the full check (equal contents, other storage), else 0: an answer with it is that copy, so a cache
  /// that keeps copies pays a word comparison a hit, not a comparison of the contents. The copy itself
  /// is kept in `verifiedCopies` while its identity is here, so its storage cannot be freed and given
  /// to another value meanwhile.
  @usableFromInline let verified: UnsafeMutablePointer<Atomic<UInt>>
  /// For each key index, the bytes of its value's own representation (`MemoryLayout<Value>.size` of
  /// them: for `Data`, its two words), written once before the key's slot is set. An answer whose
  /// representation is these bytes is the key's value itself (the same references, the same inline
  /// contents, all kept alive by the table), which `answer` sees with no call into the value: for
  /// `Data`, `storageIdentity`'s `withUnsafeBytes` cost a hit about 170 instructions of exclusivity
  /// checks.
  @usableFromInline let representations: UnsafeMutableRawPointer
  /// The copies whose identities `verified` holds, by key index.
  private let verifiedCopies = SanitizerVisibleMutex<[Int: Value]>([:])
  /// Held while a value is made, so each is made once. Holds no value: `Mutex`'s value is not visible
  /// to the thread sanitizer (see `SanitizerVisibleMutex`).
  private let creation = Mutex<Void>(())
  /// The entries made: a key's first fetch's (under `creation`), every fetch's with `valuePerFetch`,
  /// every write's.
  private let made = Atomic<Int>(0)
  /// Whether the cache answered with a copy of a key's value: equal to it, with storage of its own
  /// (a nonzero `storageIdentity` other than the value's). Then the cache keeps its own bytes and the
  /// table's values are the harness's alone (`harnessHeldBytes`).
  private let answeredCopies = Atomic<Bool>(false)
  /// The responses of the window's `TypedResponseFetcher`s, the harness's memory too.
  private let responses = SanitizerVisibleMutex<[any HeldResponses]>([])
  /// Whether every fetch makes a value of its own (`FetchIdentifyingFetcher`), kept in `fetched`.
  let valuePerFetch: Bool
  /// With `valuePerFetch`, each key index's values in the order their fetches returned.
  private let fetched = SanitizerVisibleMutex<[Int: [Entry]]>([:])
  /// Each key index's values that writes stored (`writtenValue`), in the order they were made: answers
  /// the cache may give once it stored one. These two lists are behind `SanitizerVisibleMutex`, whose
  /// value the thread sanitizer sees guarded (a `Mutex`'s it reports as raced).
  private let written = SanitizerVisibleMutex<[Int: [Entry]]>([:])

  /// The table of `count` keys, `key(i)` the design's key of index `i`. Two indices with the same key
  /// would make the reverse map ambiguous, so they are refused.
  /// With `valuePerFetch`, every fetch makes a value of its own (see `FetchIdentifyingFetcher`), and
  /// its payload is kept; otherwise payloads are kept only with `keepsPayloads`.
  init(
    count: Int, key: (Int) -> Key, value: @escaping @Sendable (Payload) -> Value,
    keepsPayloads: Bool = true, valuePerFetch: Bool = false
  ) throws(TypedDesignError) {
    self.valuePerFetch = valuePerFetch
    self.keepsPayloads = keepsPayloads || valuePerFetch
    var keys: [Key] = []
    keys.reserveCapacity(count)
    var indices: [Key: Int] = [:]
    indices.reserveCapacity(count)
    for index in 0..<count {
      let made = key(index)
      if let earlier = indices.updateValue(index, forKey: made) {
        throw .duplicateKey(String(describing: made), earlier, index)
      }
      keys.append(made)
    }
    self.keys = keys
    self.indices = indices
    makeValue = value
    slots = .allocate(capacity: max(1, count))
    identities = .allocate(capacity: max(1, count))
    verified = .allocate(capacity: max(1, count))
    representations = .allocate(
      byteCount: max(1, count) * MemoryLayout<Value>.size, alignment: MemoryLayout<UInt64>.alignment
    )
    for index in 0..<max(1, count) {
      (slots + index).initialize(to: Atomic(0))
      (identities + index).initialize(to: Atomic(0))
      (verified + index).initialize(to: Atomic(0))
    }
  }

  deinit {
    for index in 0..<max(1, keys.count) {
      let bits = slots[index].load(ordering: .acquiring)
      if let pointer = UnsafeRawPointer(bitPattern: bits) {
        Unmanaged<Entry>.fromOpaque(pointer).release()
      }
    }
    slots.deinitialize(count: max(1, keys.count))
    slots.deallocate()
    identities.deinitialize(count: max(1, keys.count))
    identities.deallocate()
    verified.deinitialize(count: max(1, keys.count))
    verified.deallocate()
    representations.deallocate()
  }

  /// The entry of `index`, once it was fetched.
  @inlinable
  func entry(at index: Int) -> Entry? {
    let bits = slots[index].load(ordering: .acquiring)
    guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
    return Unmanaged<Entry>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The value of `index`, made from `payload` when this is the key's first fetch that returned.
  /// With `valuePerFetch`, a value of this fetch's own, which `answer` traces back to its payload.
  func value(at index: Int, fetched payload: Payload) -> Value {
    if valuePerFetch { return fetchValue(at: index, fetched: payload) }
    if let entry = entry(at: index) { return entry.value }
    return creation.withLock { _ in
      if let entry = entry(at: index) { return entry.value }
      let entry = Entry(payload: kept(payload), value: makeValue(payload))
      made.add(1, ordering: .relaxed)
      let bits = UInt(bitPattern: Unmanaged.passRetained(entry).toOpaque())
      identities[index].store(entry.value.storageIdentity, ordering: .relaxed)
      withUnsafeBytes(of: entry.value) { bytes in
        guard let base = bytes.baseAddress else { return }
        representation(at: index).copyMemory(from: base, byteCount: bytes.count)
      }
      slots[index].store(bits, ordering: .releasing)
      return entry.value
    }
  }

  /// What an entry keeps of `payload`: all of it with `keepsPayloads`, else its key alone.
  private func kept(_ payload: Payload) -> Payload {
    keepsPayloads ? payload : Payload(key: payload.key, bytes: [])
  }

  /// The answer the harness records for a lookup of `index` that returned `value`: the payload of the
  /// key's value when `value` is it (`CacheBenchValue.isIdentical(to:)`), with its bytes only when
  /// `servesBytes` (the caller decodes them); else an answer for no key (-1), which the harness counts
  /// as a wrong-key answer.
  ///
  /// When the answer's representation is the key's value's (`has`), or its storage identity is the
  /// key's value's or its verified copy's, that settles it with no retain of the table's entry and no
  /// call into the value beyond `storageIdentity`; bytes to serve need the entry.
  @inlinable
  func answer(_ value: Value, at index: Int, servesBytes: Bool) -> CachedValue {
    if !servesBytes, MemoryLayout<Value>.size > 0, slots[index].load(ordering: .acquiring) != 0,
      Self.has(value, representation(at: index))
    {
      return CachedValue(payload: Payload(key: index, bytes: []))
    }
    return identifiedAnswer(value, at: index, servesBytes: servesBytes)
  }

  /// `answer` for a value that is not the key's value itself: the key's value or its verified copy
  /// when its storage identity says so, else the full check. Out of line, so the hit path that
  /// `answer` inlines into a design's lookup stays small enough for the lookup to be inlined into the
  /// client loop (with this inlined too, a `KeyedCache`'s lookup was called, not inlined: 180
  /// instructions a hit more).
  @usableFromInline
  @inline(never)
  func identifiedAnswer(_ value: Value, at index: Int, servesBytes: Bool) -> CachedValue {
    let identity = value.storageIdentity
    if !servesBytes, identity != 0,
      identity == identities[index].load(ordering: .relaxed)
        || identity == verified[index].load(ordering: .relaxed)
    {
      return CachedValue(payload: Payload(key: index, bytes: []))
    }
    return checkedAnswer(value, at: index, servesBytes: servesBytes)
  }

  /// Where the representation of `index`'s value is kept.
  @inlinable
  func representation(at index: Int) -> UnsafeMutableRawPointer {
    representations + index * MemoryLayout<Value>.size
  }

  /// Whether `value`'s representation is the bytes at `stored`: then it is that value, sharing its
  /// storage. Equal values in other storage differ here and go to the full check.
  @inlinable
  static func has(_ value: Value, _ stored: UnsafeRawPointer) -> Bool {
    withUnsafeBytes(of: value) { bytes in
      var offset = 0
      while offset + 8 <= bytes.count {
        guard
          bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            == stored.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        else { return false }
        offset += 8
      }
      while offset < bytes.count {
        guard bytes[offset] == stored.load(fromByteOffset: offset, as: UInt8.self) else {
          return false
        }
        offset += 1
      }
      return true
    }
  }

  /// `answer`'s full check, against the key's entry, then the values writes of the key stored.
  @usableFromInline
  func checkedAnswer(_ value: Value, at index: Int, servesBytes: Bool) -> CachedValue {
    let fetchedAnswer: CachedValue
    if valuePerFetch {
      fetchedAnswer = fetchAnswer(value, at: index)
    } else if let entry = entry(at: index), isAnswer(value, of: entry, at: index) {
      fetchedAnswer = served(entry, at: index, servesBytes: servesBytes)
    } else {
      fetchedAnswer = CachedValue(payload: Payload(key: -1, bytes: []))
    }
    guard fetchedAnswer.payload.key == -1 else { return fetchedAnswer }
    return writtenAnswer(value, at: index, servesBytes: servesBytes) ?? fetchedAnswer
  }

  /// Whether `value` is `entry`'s value of key index `index`: the copy last verified for the key, or
  /// equal to it (`isIdentical(to:)`). An equal value with storage of its own is the cache's copy: it
  /// is remembered in `verified`, and the table's values count as the harness's (`answeredCopies`).
  private func isAnswer(_ value: Value, of entry: Entry, at index: Int) -> Bool {
    let identity = value.storageIdentity
    if identity != 0, identity == verified[index].load(ordering: .relaxed) { return true }
    guard value.isIdentical(to: entry.value) else { return false }
    if identity != 0, identity != entry.value.storageIdentity {
      answeredCopies.store(true, ordering: .relaxed)
      // The copy it replaces is released after its identity left `verified`, so no later answer can
      // be taken for it once its storage is another value's.
      let replaced = verifiedCopies.withLock { copies in
        let replaced = copies.updateValue(value, forKey: index)
        verified[index].store(identity, ordering: .relaxed)
        return replaced
      }
      withExtendedLifetime(replaced) {}
    }
    return true
  }

  /// The value a write of `index` stores, made from the write's `payload` with the design's `value`
  /// closure and kept, so that the cache's answers of it are recognised as the key's.
  func writtenValue(at index: Int, payload: Payload) -> Value {
    keptValue(at: index, made: payload, in: written)
  }

  /// The answer for `value` if a write of `index` stored it (the latest such write first), else nil.
  private func writtenAnswer(_ value: Value, at index: Int, servesBytes: Bool) -> CachedValue? {
    let entry = written.withLock { written in
      written[index]?.last { value.isIdentical(to: $0.value) }
    }
    return entry.map { served($0, at: index, servesBytes: servesBytes) }
  }

  /// The answer for a lookup of `index` that returned `entry`'s value: the key, with the entry's bytes
  /// when `servesBytes`.
  private func served(_ entry: Entry, at index: Int, servesBytes: Bool) -> CachedValue {
    CachedValue(payload: Payload(key: index, bytes: servesBytes ? entry.payload.bytes : []))
  }

  /// A value of `index` made from `payload`, appended to the key's list in `list` (`fetched` or
  /// `written`) and counted as made.
  private func keptValue(
    at index: Int, made payload: Payload, in list: SanitizerVisibleMutex<[Int: [Entry]]>
  ) -> Value {
    let entry = Entry(payload: kept(payload), value: makeValue(payload))
    made.add(1, ordering: .relaxed)
    list.withLock { $0[index, default: []].append(entry) }
    return entry.value
  }

  /// The payload the value of `key` was made from, once `key` was fetched; with `valuePerFetch`, the
  /// payload of its latest fetch.
  func payload(of key: Key) -> Payload? {
    guard let index = indices[key] else { return nil }
    if valuePerFetch { return fetched.withLock { $0[index]?.last?.payload } }
    return entry(at: index)?.payload
  }

  /// Keeps `held` with the table, so that its responses count as the harness's memory.
  func hold(_ held: any HeldResponses) {
    responses.withLock { $0.append(held) }
  }

  /// What the harness holds of this table while the cache holds `cachedEntries` entries, as `meter`'s
  /// allocator counts it, for `bytes_per_entry` to leave out: the table itself (its arrays, index and
  /// slots; not the keys' own storage, which a cache holds as an app's would), an `Entry` per key made
  /// (with its payload of `payloadBytes` when kept), and the values of keys made beyond those cached
  /// (the table keeps a value the cache let go), or every value made when the cache answered with
  /// copies of its own (`answeredCopies`: it holds its bytes, the table its values), with the verified
  /// copies beyond the cached entries (`verifiedCopies`: kept for keys the cache let go). A value type with
  /// no `storageIdentity` cannot show a copy, so its values are taken as shared with the cache. Then
  /// the responses its `TypedResponseFetcher`s kept. Nil when the allocator cannot measure.
  ///
  /// Each part is made again in `meter`'s arena of its own and measured; payloads of one size are what
  /// the window's fetcher returned.
  func harnessHeldBytes(meter: ResourceMeter, cachedEntries: Int, payloadBytes: Int) -> Int? {
    let keys = self.keys
    let keepsPayloads = self.keepsPayloads
    let makeValue = self.makeValue
    let made = self.made.load(ordering: .relaxed)
    let sample = (0..<keys.count).lazy.compactMap { self.entry(at: $0) }.first
    let fetched = Payload(key: 0, count: payloadBytes)
    let keptBytes = keepsPayloads ? payloadBytes : 0
    var parts: [() -> Any] = [
      {
        (try? TypedKeyTable(
          count: keys.count, key: { keys[$0] }, value: makeValue, keepsPayloads: keepsPayloads))
          as Any
      }
    ]
    if let sample {
      parts.append { Entry(payload: Payload(key: 0, count: keptBytes), value: sample.value) }
      parts.append { makeValue(fetched) }
    }
    // Measured twice, the smaller kept: the first making of a part can also allocate what the runtime
    // makes once per process (generic metadata for the part's type, in slabs of its own), which a second
    // making does not (a run of the full suite once charged 21,504 such bytes to the table part).
    guard let first = meter.allocatedBytes(ofEach: parts),
      let second = meter.allocatedBytes(ofEach: parts)
    else { return nil }
    let sizes = zip(first, second).map { min($0, $1) }
    var held = 0
    for holder in responses.withLock({ $0 }) {
      guard let bytes = holder.heldBytes(meter: meter) else { return nil }
      held += bytes
    }
    guard made > 0, sizes.count == 3 else { return sizes[0] + held }
    let unshared = answeredCopies.load(ordering: .relaxed) ? made : max(0, made - cachedEntries)
    // Verified copies of keys the cache has let go are kept by the table alone.
    let copiesKept = max(0, verifiedCopies.withLock { $0.count } - cachedEntries)
    return sizes[0] + made * sizes[1] + (unshared + copiesKept) * sizes[2] + held
  }

  /// A value made from this fetch's payload alone, kept beside the key's earlier ones. The slots and
  /// identities stay empty, so every answer goes to `fetchAnswer`.
  private func fetchValue(at index: Int, fetched payload: Payload) -> Value {
    keptValue(at: index, made: payload, in: fetched)
  }

  /// The answer for `value` with `valuePerFetch`: the payload, bytes and all, of the one fetch of
  /// `index` whose value it is. A value matching none of them is an answer for no key (-1), as in a
  /// run; one matching several (a value closure that ignores the payload) names none, with no bytes.
  private func fetchAnswer(_ value: Value, at index: Int) -> CachedValue {
    let entries = fetched.withLock { $0[index] ?? [] }
    let matching = entries.filter { value.isIdentical(to: $0.value) }
    guard let first = matching.first else {
      return CachedValue(payload: Payload(key: -1, bytes: []))
    }
    guard matching.count == 1 else { return CachedValue(payload: Payload(key: index, bytes: [])) }
    return CachedValue(payload: first.payload)
  }
}

/// Why a typed design's cache could not be built or asked.
public enum TypedDesignError: Error, Equatable, CustomStringConvertible {
  /// The design's key closure gave two key indices the same key.
  case duplicateKey(String, Int, Int)
  /// The design's cache fetched a key that is not one of the window's.
  case unknownKey(String)

  public var description: String {
    switch self {
    case .duplicateKey(let key, let first, let second):
      "the key closure gave key indices \(first) and \(second) the same key '\(key)': keys must differ"
    case .unknownKey(let key):
      "the cache fetched '\(key)', which is not one of the window's keys"
    }
  }
}
