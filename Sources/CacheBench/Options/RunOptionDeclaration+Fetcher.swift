import CacheBenchCore

extension RunOptionDeclaration {
  /// The fake fetcher and the arrival of requests: latency, payload, failures, cancellation, the
  /// fetch limit and the open-loop rate.
  static let fetcher: [RunOptionDeclaration] = [
    RunOptionDeclaration(
      option: .latency, profile: ("latency", .duration),
      help: """
          --latency <latency>       Fetch latency, each duration 0...60s: 2ms
                                    (constant), uniform:1ms..5ms, exp:2ms (mean),
                                    lognormal:2ms,0.5 (median, sigma),
                                    bimodal:1ms,50ms,0.01 (fast, slow, slow share);
                                    drawn per key and fetch from --seed.
                                    (default: 1ms)
        """,
      apply: { (builder, value) throws(OptionsError) in
        let distribution = try LatencyDistribution.parse(value, for: .latency)
        builder.scenario.fetchLatency = distribution.mean
        if case .constant = distribution {
          builder.scenario.fetcher.latency = nil
        } else {
          builder.scenario.fetcher.latency = distribution
        }
      }),
    RunOptionDeclaration(
      option: .payloadBytes, profile: ("payload_bytes", .integer),
      help: """
          --payload-bytes <n>       Bytes per fetched payload, 1...67108864 (64 MiB).
                                    (default: 4096)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.payloadBytes = try OptionValueParser.integer(
          value, for: .payloadBytes, in: 1...67_108_864)
      }),
    RunOptionDeclaration(
      option: .failRate, profile: ("fail_rate", .decimal),
      help: """
          --fail-rate <p>           Share of fetches that throw after their latency,
                                    0...1; counted in errors. (default: 0)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.fetcher.failRate = try OptionValueParser.fraction(value, for: .failRate)
      }),
    RunOptionDeclaration(
      option: .ignoreCancellation, takesValue: false,
      help: """
          --ignore-cancellation     Fetches run to completion even when their caller
                                    is cancelled. (default: off)
        """,
      apply: { (builder, _) throws(OptionsError) in
        builder.scenario.fetcher.ignoresCancellation = true
      }),
    RunOptionDeclaration(
      option: .fetchLimit, profile: ("fetch_limit", .integer),
      help: """
          --fetch-limit <n>         Most fetches in flight at the fetcher (a pool),
                                    1...100000; the wait is fetch_queue_*.
                                    (default: none, unlimited)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.scenario.fetcher.fetchLimit = try OptionValueParser.integer(
          value, for: .fetchLimit, in: 1...100_000)
      }),
    RunOptionDeclaration(
      option: .rate, profile: ("rate", .rate),
      help: """
          --rate <r/s>              Open loop: issue requests at this rate, per
                                    second (5000/s or 5000), whatever completes;
                                    latency counts from each request's intended
                                    start.
                                    (default: none, closed loop)
        """,
      apply: { (builder, value) throws(OptionsError) in
        // `5000/s` or a bare `5000`, both requests per second: a profile's `rate` field is a number
        // and the command line's said its unit, and each form was refused in the other place.
        let number = value.hasSuffix("/s") ? String(value.dropLast(2)) : value
        do {
          let rate = try OptionValueParser.positiveDecimal(number, for: .rate, atMost: 10_000_000)
          builder.scenario.openLoop = OpenLoopSchedule(rate: rate)
        } catch {
          throw .invalidValue(
            option: .rate, value: value,
            reason: "must be requests per second, > 0 and <= 10000000, e.g. 5000/s or 5000")
        }
      }),
  ]
}
