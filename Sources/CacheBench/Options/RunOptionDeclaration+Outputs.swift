import CacheBenchCore

extension RunOptionDeclaration {
  /// Where the results go and what stderr shows, and the profiling of the run: the output files,
  /// the findings, the profile, the baseline, perf control, the sweep's time budget.
  static let outputs: [RunOptionDeclaration] = [
    RunOptionDeclaration(
      option: .csv,
      help: """
          --csv <path>              Also write the results as CSV to <path>;
                                    - writes them to stdout. (default: none)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.csvPath = try OptionValueParser.path(value, for: .csv)
      }),
    RunOptionDeclaration(
      option: .json,
      help: """
          --json <path>             Also write the full result (scenario, metadata,
                                    metrics, histograms) as JSON. (default: none)
        """,
      apply: { (builder, value) throws(OptionsError) in
        try builder.setOutputPath(value, for: .json)
      }),
    RunOptionDeclaration(
      option: .markdown,
      help: """
          --markdown <path>         Also write a Markdown summary table, e.g. for a
                                    pull request comment. (default: none)
        """,
      apply: { (builder, value) throws(OptionsError) in
        try builder.setOutputPath(value, for: .markdown)
      }),
    RunOptionDeclaration(
      option: .histogramCSV,
      help: """
          --histogram-csv <path>    Also write each variant's latency percentile
                                    spectrum as CSV. (default: none)
        """,
      apply: { (builder, value) throws(OptionsError) in
        try builder.setOutputPath(value, for: .histogramCSV)
      }),
    RunOptionDeclaration(
      option: .rawLatencies,
      help: """
          --raw-latencies <path>    Also write every request's latency as CSV; this
                                    allocates 24 bytes a request during the run:
                                    for analysis runs, not gates. (default: none)
        """,
      apply: { (builder, value) throws(OptionsError) in
        try builder.setOutputPath(value, for: .rawLatencies)
      }),
    RunOptionDeclaration(
      option: .findings,
      help: """
          --findings <n|all>        Findings the terminal shows after the tables,
                                    1...100 or all; the JSON result holds every
                                    one. (default: 8)
        """,
      apply: { (builder, value) throws(OptionsError) in
        // `all` is every finding; a count beyond the rules' number shows them all as well.
        let counts = RunConfigurationBuilder.findingCounts
        if value == "all" {
          builder.findingsShown = .max
        } else if value.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(value),
          counts.contains(count)
        {
          builder.findingsShown = count
        } else {
          throw .invalidValue(
            option: .findings, value: value,
            reason: "must be all or \(counts.lowerBound)...\(counts.upperBound)")
        }
      }),
    RunOptionDeclaration(
      option: .quiet, takesValue: false,
      help: """
          --quiet                   Print no progress or information on stderr, only
                                    errors and warnings (a figure missing, unfair
                                    or interrupted); results still go to stdout.
                                    (default: off)
        """,
      apply: { (builder, _) throws(OptionsError) in
        builder.isQuiet = true
      }),
    RunOptionDeclaration(
      option: .profile,
      help: """
          --profile <path>          Start from the scenario in a profile (JSON);
                                    options given here override its fields.
                                    (default: none)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.profilePath = try OptionValueParser.path(value, for: .profile)
      }),
    RunOptionDeclaration(
      option: .saveBaseline,
      help: """
          --save-baseline <name>    Also write the results as a baseline, to
                                    Profiles/baselines/<name>.json, or to <name>
                                    if it contains / or ends in .json.
                                    (default: none)
        """,
      apply: { (builder, value) throws(OptionsError) in
        guard let path = BaselineLocation.path(for: value) else {
          throw .invalidValue(
            option: .saveBaseline, value: value, reason: BaselineLocation.nameRule)
        }
        builder.baselinePath = path
      }),
    RunOptionDeclaration(
      option: .perfControl,
      help: """
          --perf-ctl <ctl,ack>      FIFOs of perf record --control fifo:CTL,ACK -D -1;
                                    perf then records the profiled windows only.
                                    (default: none)
        """,
      apply: { (builder, value) throws(OptionsError) in
        guard let paths = PerfControlPaths(parsing: value) else {
          throw .invalidValue(
            option: .perfControl, value: value,
            reason: "must be CTL,ACK: the FIFOs given to perf record --control fifo:CTL,ACK")
        }
        builder.profiling.perfControl = paths
      }),
    RunOptionDeclaration(
      option: .profileVariant,
      help: """
          --profile-variant <v>     The one variant profiled (perf, callgrind, the
                                    pause), e.g. coalescing/inside, sharded(8)/outside.
                                    (default: every variant)
        """,
      apply: { (builder, value) throws(OptionsError) in
        builder.profileVariant = value
      }),
    RunOptionDeclaration(
      option: .pauseBeforeWindow, takesValue: false,
      help: """
          --pause-before-window     Before each profiled window, print the pid and
                                    wait for SIGUSR1. (default: off)
        """,
      apply: { (builder, _) throws(OptionsError) in
        builder.profiling.pauseBeforeWindow = true
      }),
    RunOptionDeclaration(
      option: .maxTime,
      help: """
          --max-time <duration>     sweep only: time budget; no cell starts after
                                    it, > 0 and <= 1440m. (default: none)
        """,
      apply: { (builder, _) throws(OptionsError) in
        // `sweep` reads it (`SweepConfigurationBuilder`); a run has no time budget.
        throw .notApplicable(option: .maxTime, subcommand: CommandLineParser.runSubcommand)
      }),
  ]
}
