import CacheBenchCore

/// Turns an `Encodable` value into a `JSONValue`, so that every JSON document cachebench writes (the
/// result, baselines, reports) is rendered by one writer, `JSONValue.rendered()`.
///
/// Objects get their members sorted by key, as the result document always had them; optionals a type
/// encodes with `encodeIfPresent` (the synthesised encoding) are left out, and `encodeNil` writes
/// `null`. Numbers are written as `JSONValue.number` writes them: Swift's shortest form, integral
/// values within ±2^53 without a fraction. Only the containers the documents' types use are supported
/// for nesting: a keyed or unkeyed container inside another, not `superEncoder`.
enum JSONValueEncoder {
  /// The document of `value`.
  static func encode(_ value: some Encodable) throws -> JSONValue {
    let root = Slot()
    try value.encode(to: SlotEncoder(slot: root, codingPath: []))
    return root.value
  }

  /// Where one value is built: empty until a container or a scalar is written into it.
  fileprivate final class Slot {
    enum Content {
      case empty
      case scalar(JSONValue)
      case object([(key: String, slot: Slot)])
      case array([Slot])
    }

    var content = Content.empty

    /// The value built here; an encoding that wrote nothing is an empty object, as a type with no
    /// members encodes.
    var value: JSONValue {
      switch content {
      case .empty: .object([])
      case .scalar(let value): value
      case .object(let members):
        .object(members.map { ($0.key, $0.slot.value) }.sorted { $0.key < $1.key })
      case .array(let elements): .array(elements.map(\.value))
      }
    }

    /// A new member `key` of this object (made one if it is not yet), replacing an earlier one.
    func member(_ key: String) -> Slot {
      var members: [(key: String, slot: Slot)] = []
      if case .object(let existing) = content { members = existing }
      // Emptied first, so the list is appended to in place rather than copied for every member.
      content = .empty
      let slot = Slot()
      members.removeAll { $0.key == key }
      members.append((key, slot))
      content = .object(members)
      return slot
    }

    /// A new last element of this array (made one if it is not yet).
    func element() -> Slot {
      var elements: [Slot] = []
      if case .array(let existing) = content { elements = existing }
      // Emptied first, so a histogram's thousands of buckets are not copied once per bucket.
      content = .empty
      let slot = Slot()
      elements.append(slot)
      content = .array(elements)
      return slot
    }

    /// Writes `value`: a scalar as itself, anything else through its own encoding.
    func write(_ value: some Encodable, codingPath: [any CodingKey]) throws {
      if let scalar = Self.scalar(value) {
        content = .scalar(scalar)
      } else {
        try value.encode(to: SlotEncoder(slot: self, codingPath: codingPath))
      }
    }

    /// The JSON of a value of a type the encoding containers write directly.
    private static func scalar(_ value: Any) -> JSONValue? {
      switch value {
      case let value as Bool: .bool(value)
      case let value as String: .string(value)
      case let value as Double: .number(value)
      case let value as Float: .number(Double(value))
      case let value as Int: .number(value)
      case let value as Int64: .number(String(value))
      case let value as UInt64: .number(String(value))
      case let value as Int32: .number(String(value))
      case let value as UInt32: .number(String(value))
      case let value as UInt: .number(String(value))
      case let value as Int16: .number(String(value))
      case let value as UInt16: .number(String(value))
      case let value as Int8: .number(String(value))
      case let value as UInt8: .number(String(value))
      default: nil
      }
    }
  }

  fileprivate struct SlotEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      if case .object = slot.content {} else { slot.content = .object([]) }
      return KeyedEncodingContainer(KeyedSlot<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      if case .array = slot.content {} else { slot.content = .array([]) }
      return UnkeyedSlot(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      SingleSlot(slot: slot, codingPath: codingPath)
    }
  }

  fileprivate struct KeyedSlot<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
      slot.member(key.stringValue).content = .scalar(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try slot.member(key.stringValue).write(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      SlotEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
        .container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      SlotEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
        .unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      preconditionFailure("JSONValueEncoder: superEncoder is not supported")
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      preconditionFailure("JSONValueEncoder: superEncoder is not supported")
    }
  }

  fileprivate struct UnkeyedSlot: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]
    var count: Int {
      if case .array(let elements) = slot.content { elements.count } else { 0 }
    }

    mutating func encodeNil() throws { slot.element().content = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      try slot.element().write(value, codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      SlotEncoder(slot: slot.element(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      SlotEncoder(slot: slot.element(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      preconditionFailure("JSONValueEncoder: superEncoder is not supported")
    }
  }

  fileprivate struct SingleSlot: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.content = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      try slot.write(value, codingPath: codingPath)
    }
  }
}
