import CacheBenchCore

extension RunOptionDeclaration {
  /// The variants and the workload: which designs, placements and shards, the keys and their
  /// distribution, the clients' number.
  static let workload: [RunOptionDeclaration] = [
    RunOptionDeclaration(
      option: .variants, profile: ("variants", .list),
      help: """
          --variants <list>         Cache designs to measure, a comma list of the
                                    DESIGNS below, run in the order given; as
                                    the table names them, sharded(8) sets that
                                    variant's shards and coalescing/inside runs
                                    one placement only.
                                    (default: the designs marked default)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.variantNames = try VariantName.list(
          value, for: .variants, in: RegisteredDesigns.registry)
        builder.variantsValue = value
      }),
    RunOptionDeclaration(
      option: .decode, profile: ("decode", .list),
      help: """
          --decode <list>           Decode placements, a comma list of inside,
                                    outside, none, nonsending, concurrent, task,
                                    detached; each design runs once per
                                    placement, in the order given. The last four
                                    await the decode from the cache actor, only
                                    for designs marked placements.
                                    (default: inside,outside)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.placements = try OptionValueParser.list(value, for: .decode, kind: "placement")
      }),
    RunOptionDeclaration(
      option: .decodeCost, profile: ("decode_cost", .duration),
      help: """
          --decode-cost <duration>  CPU work per decode of one payload, 0...1s.
                                    (default: 20us)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.decodeCost = try OptionValueParser.duration(
          value, for: .decodeCost, requirement: "must be 0...1s", isAllowed: { $0 <= .seconds(1) })
      }),
    RunOptionDeclaration(
      option: .shards, profile: ("shards", .integer),
      help: """
          --shards <n>              Actors of the sharded design, 1...4096.
                                    (default: 8)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.shards = try OptionValueParser.integer(
          value, for: .shards, in: VariantName.shardCounts)
        builder.shardsGiven = true
      }),
    RunOptionDeclaration(
      option: .keys, profile: ("keys", .integer),
      help: """
          --keys <n>                Distinct keys, 1...10000000. (default: 10000)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.keys = try OptionValueParser.integer(value, for: .keys, in: 1...10_000_000)
      }),
    RunOptionDeclaration(
      option: .distribution, profile: ("distribution", .word),
      help: """
          --distribution <kind>     How keys are drawn: uniform, zipf, or
                                    hotspot:0.2,0.8 (the first 20% of keys get 80%
                                    of requests). (default: zipf)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.isUniform = false
        builder.hotspot = nil
        switch value {
        case "uniform": builder.isUniform = true
        case "zipf": break
        case _ where value.hasPrefix("hotspot:"):
          builder.hotspot = try OptionValueParser.hotspot(value, for: .distribution)
        default:
          throw .invalidValue(
            option: .distribution, value: value,
            reason: "must be uniform, zipf or hotspot:HOT,SHARE (e.g. hotspot:0.2,0.8)")
        }
      }),
    RunOptionDeclaration(
      option: .zipfTheta, profile: ("zipf_theta", .decimal),
      help: """
          --zipf-theta <x>          Zipf skew, a decimal > 0 and <= 5; not with
                                    uniform or hotspot. (default: 0.99)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.zipfTheta = try OptionValueParser.positiveDecimal(value, for: .zipfTheta, atMost: 5)
      }),
    RunOptionDeclaration(
      option: .seed, profile: ("seed", .integer),
      help: """
          --seed <n>                Seed of the key sequence,
                                    0...18446744073709551615. (default: 1)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.seed = try OptionValueParser.unsignedInteger(value, for: .seed)
      }),
    RunOptionDeclaration(
      option: .concurrency, profile: ("concurrency", .integer),
      help: """
          --concurrency <n>         Closed-loop client tasks, 1...100000.
                                    (default: 64)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.concurrency = try OptionValueParser.integer(
          value, for: .concurrency, in: RunConfigurationBuilder.concurrencies)
      }),
  ]

  /// Where the clients run: their own threads or the pool, isolated to nothing or the main actor.
  static let clients: [RunOptionDeclaration] = [
    RunOptionDeclaration(
      option: .threads, profile: ("threads", .integer),
      help: """
          --threads <n>             Run the clients (and the actors they call) on n
                                    threads of their own, 1...1024, instead of
                                    Swift's shared pool. (default: none, the pool)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.threads = try OptionValueParser.integer(
          value, for: .threads, in: RunConfigurationBuilder.threadCounts)
      }),
    RunOptionDeclaration(
      option: .caller, profile: ("caller", .word),
      help: """
          --caller <where>          What the clients are isolated to: pool (none,
                                    Swift's shared pool) or main (the main actor,
                                    as a view model; a decode outside the cache
                                    then runs on the main thread, and a probe
                                    counts its hitches and hangs); main not with
                                    --threads. (default: pool)
        """,
      apply: { (builder, value) throws(OptionsError) in
        guard let caller = ClientIsolation(rawValue: value) else {
          throw .invalidValue(option: .caller, value: value, reason: "must be pool or main")
        }
        builder.scenario.caller = caller
      }),
  ]
}
