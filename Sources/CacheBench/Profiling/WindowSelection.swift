import CacheBenchCore

/// Which measured windows a profiler records: every window, or only one variant's.
///
/// On the command line (`--profile-variant`) a variant is written as `Variant.description` prints it,
/// `design/decode` with the shard count for the sharded design: `naive/inside`, `sharded(8)/outside`. The
/// sharded design may also be written without its count (`sharded/outside`), since a run has one shard count.
enum WindowSelection: Sendable, Equatable {
  /// Every variant's window.
  case all
  /// Only this variant's window.
  case only(Variant)

  /// Whether `variant`'s window is recorded.
  func includes(_ variant: Variant) -> Bool {
    switch self {
    case .all: true
    case .only(let chosen): chosen == variant
    }
  }

  /// The variant of `variants` that `text` names, or nil when it names none of them.
  static func variant(named text: String, in variants: [Variant]) -> Variant? {
    variants.first { variant in
      text == variant.description
        || (variant.design.isSharded
          && text == "\(variant.design.name)/\(variant.decode.rawValue)")
    }
  }
}
