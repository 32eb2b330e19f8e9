import CacheBenchCore

extension RunOptionDeclaration {
  /// The operation mix and retention: invalidations, cancellations, writes, capacity and expiry.
  static let operations: [RunOptionDeclaration] = [
    RunOptionDeclaration(
      option: .invalidateRate, profile: ("invalidate_rate", .decimal),
      help: """
          --invalidate-rate <p>     Share of operations that invalidate their key
                                    instead of reading it, 0...1. (default: 0)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.invalidateRate = try OptionValueParser.fraction(
          value, for: .invalidateRate)
      }),
    RunOptionDeclaration(
      option: .cancelRate, profile: ("cancel_rate", .decimal),
      help: """
          --cancel-rate <p>         Share of reads whose caller is cancelled, when
                                    --cancel-at says, 0...1. (default: 0)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.cancelRate = try OptionValueParser.fraction(value, for: .cancelRate)
      }),
    RunOptionDeclaration(
      option: .cancelAt, profile: ("cancel_at", .word),
      help: """
          --cancel-at <when>        When a --cancel-rate read is cancelled: wait (once
                                    it waits for a fetch) or decode (by its own
                                    decode, after its first chunk). (default: wait)
        """,
      apply: { (builder, value) throws(OptionsError) in
        guard let moment = CancelMoment(rawValue: value) else {
          throw .invalidValue(option: .cancelAt, value: value, reason: "must be wait or decode")
        }
        builder.scenario.cancelMoment = moment
      }),
    RunOptionDeclaration(
      option: .decodeCheckpoint, profile: ("decode_checkpoint", .integer),
      help: """
          --decode-checkpoint <k>   A cancelled read's own decode checks for
                                    cancellation every k chunks (passes over the
                                    payload) and stops, 0...1000000; 0 never checks.
                                    (default: 0)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.decodeCheckpoint = try OptionValueParser.integer(
          value, for: .decodeCheckpoint, in: RunConfigurationBuilder.decodeCheckpoints)
      }),
    RunOptionDeclaration(
      option: .capacity, profile: ("capacity", .integer),
      help: """
          --capacity <n>            Most ready entries per cache (per shard when
                                    sharded), 1...10000000; the least recently used
                                    is evicted. (default: none, no limit)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.capacity = try OptionValueParser.integer(
          value, for: .capacity, in: 1...10_000_000)
      }),
    RunOptionDeclaration(
      option: .ttl, profile: ("ttl", .duration),
      help: """
          --ttl <duration>          Time an admitted entry stays servable, > 0 and
                                    <= 1440m. (default: none, no expiry)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.timeToLive = try OptionValueParser.duration(
          value, for: .ttl, requirement: "must be greater than 0 and at most 1440m (24 hours)",
          isAllowed: { $0 > .zero && $0 <= .seconds(24 * 60 * 60) })
      }),
    RunOptionDeclaration(
      option: .writeRate, profile: ("write_rate", .decimal),
      help: """
          --write-rate <p>          Share of operations that write their key
                                    through a repository design, 0...1; alone it
                                    selects the repository variants. (default: 0)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.writeRate = try OptionValueParser.fraction(value, for: .writeRate)
      }),
  ]
}
