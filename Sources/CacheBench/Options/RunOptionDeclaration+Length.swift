import CacheBenchCore

extension RunOptionDeclaration {
  /// How long the run is and how often it repeats: requests, duration, warm-up, repetitions and
  /// their reference, the deadline.
  static let length: [RunOptionDeclaration] = [
    RunOptionDeclaration(
      option: .requests, profile: ("requests", .integer),
      help: """
          --requests <n>            Requests per measured window, 1...1000000000;
                                    not with --duration. (default: 50000)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.requests = try OptionValueParser.integer(
          value, for: .requests, in: 1...1_000_000_000)
      }),
    RunOptionDeclaration(
      option: .duration, profile: ("duration", .duration),
      help: """
          --duration <duration>     Wall time per measured window, > 0 and
                                    <= 1440m (24 hours), instead of --requests.
                                    (default: none, --requests applies)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.duration = try OptionValueParser.duration(
          value, for: .duration, requirement: "must be greater than 0 and at most 1440m (24 hours)",
          isAllowed: { $0 > .zero && $0 <= .seconds(24 * 60 * 60) })
      }),
    RunOptionDeclaration(
      option: .warmup, profile: ("warmup", .integer),
      help: """
          --warmup <n>              Unmeasured warm-up requests before each window,
                                    0...1000000000. (default: 2000)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.warmupRequests = try OptionValueParser.integer(
          value, for: .warmup, in: 0...1_000_000_000)
      }),
    RunOptionDeclaration(
      option: .repetitions,
      help: """
          --repeat <n>              Measure each variant n times, 1...100,
                                    interleaved (ABCD DCBA ABCD); figures are
                                    medians with intervals (95% from n = 6), and
                                    ratios to --reference follow the table.
                                    (default: 1)
        """,
      apply: { (builder, value) throws(OptionsError) in
        try builder.repeatOptions.apply(value, for: .repetitions)
      }),
    RunOptionDeclaration(
      option: .reference,
      help: """
          --reference <name>        What the ratio lines divide by: a design, per
                                    decode placement (coalescing), or a variant
                                    (coalescing/inside); alone it shows them.
                                    (default: coalescing, else the first design)
        """,
      apply: { (builder, value) throws(OptionsError) in
        try builder.repeatOptions.apply(value, for: .reference)
      }),
    RunOptionDeclaration(
      option: .deadline,
      help: """
          --deadline <duration>     Bound on the whole run, > 0 and <= 1440m; when
                                    it passes, the run stops like on Ctrl-C and
                                    exits 1. (default: none)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.deadline = try OptionValueParser.duration(
          value, for: .deadline, requirement: "must be greater than 0 and at most 1440m (24 hours)",
          isAllowed: { $0 > .zero && $0 <= .seconds(24 * 60 * 60) })
      }),
  ]
}
