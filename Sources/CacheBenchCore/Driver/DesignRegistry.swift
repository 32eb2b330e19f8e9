/// The designs a run can name: the built-in ones first, then a user's, each under a name of its own.
///
/// A user's executable builds one with its designs added to the built-in ones and hands it to the tool's
/// entry point; every subcommand (run, sweep, calibrate, compare, the gate, the profilers) then finds
/// those designs by name, exactly as it finds the built-in ones.
public struct DesignRegistry: Sendable {
  /// Every registered design, built-in ones first, each group in the order given.
  public let designs: [CacheDesign]
  /// The names of the designs that came with cachebench.
  public let builtInNames: Set<String>

  /// A registry of `builtIn` designs and `added` ones, refused with a `DesignRegistryError` when a name
  /// is empty or malformed, is taken twice, or an added design takes a built-in's name.
  public init(builtIn: [CacheDesign], added: [CacheDesign] = []) throws(DesignRegistryError) {
    var seen = Set<String>()
    for design in builtIn + added {
      try Self.check(name: design.name)
      guard seen.insert(design.name).inserted else {
        if builtIn.contains(where: { $0.name == design.name })
          && added.contains(where: { $0.name == design.name })
        {
          throw .collidesWithBuiltIn(name: design.name)
        }
        throw .duplicateName(design.name)
      }
    }
    designs = builtIn + added
    builtInNames = Set(builtIn.map(\.name))
  }

  /// The design called `name`, if one is registered.
  public func design(named name: String) -> CacheDesign? {
    designs.first { $0.name == name }
  }

  /// Every registered name, in registration order.
  public var names: [String] { designs.map(\.name) }

  /// The designs measured when `--variants` is not given.
  public var defaultDesigns: [CacheDesign] {
    designs.filter { $0.traits.contains(.measuredByDefault) }
  }

  /// The designs that take writes, measured when `--write-rate` is given without `--variants`.
  public var writingDesigns: [CacheDesign] { designs.filter(\.takesWrites) }

  /// The first registered design that has every trait in `traits`.
  public func first(with traits: DesignTraits) -> CacheDesign? {
    designs.first { $0.traits.isSuperset(of: traits) }
  }

  /// Most characters in a design's name.
  public static let maximumNameLength = 40

  /// Checks that `name` can stand in `--variants`, in a variant's name (`name(8)/inside`) and in a CSV
  /// cell: 1 to 40 of `a-z`, `0-9` and `-`, starting with a letter.
  public static func check(name: String) throws(DesignRegistryError) {
    guard !name.isEmpty else { throw .emptyName }
    let bytes = Array(name.utf8)
    let allowed = bytes.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }
    guard allowed, bytes.count <= maximumNameLength,
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[0])
    else { throw .malformedName(name) }
  }
}

/// Why a set of designs cannot be registered; the tool reports it as a usage error (exit 64) before
/// anything runs.
public enum DesignRegistryError: Error, Equatable, CustomStringConvertible {
  /// A design was registered with an empty name.
  case emptyName
  /// A name with characters `--variants` cannot carry, or too long.
  case malformedName(String)
  /// Two added designs share a name.
  case duplicateName(String)
  /// An added design takes the name of a built-in one.
  case collidesWithBuiltIn(name: String)

  public var description: String {
    switch self {
    case .emptyName:
      "a cache design was registered with an empty name"
    case .malformedName(let name):
      "invalid design name '\(name)': use 1...\(DesignRegistry.maximumNameLength) of a-z, 0-9 and -,"
        + " starting with a letter"
    case .duplicateName(let name):
      "two cache designs are registered as '\(name)'"
    case .collidesWithBuiltIn(let name):
      "the cache design '\(name)' takes the name of a built-in design; choose another name"
    }
  }
}
