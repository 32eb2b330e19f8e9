import CacheBenchCore

/// Collects option values one at a time, then checks how they combine and yields the `RunConfiguration`.
///
/// Starts from `Scenario`'s own defaults, so the defaults live in one place; options the user did not
/// give keep them. Values are checked as they arrive (the first bad argument is the one reported);
/// conflicts between options and the variant list, which depends on `--shards`, wait for `build()`.
/// Each option's reading is in its declaration (`RunOptionDeclaration`), which sets the state here;
/// `build()` combines it.
struct RunConfigurationBuilder {
  /// The scenario the options set.
  var scenario = Scenario(variants: [])
  var csvPath: String?
  var outputPaths: [OptionName: String] = [:]
  var isQuiet = false
  /// The findings the terminal shows, from `--findings`; nil for the findings block's default.
  var findingsShown: Int?
  /// The designs `--variants` named, with any shard count or placement; nil for the default
  /// (`CacheDesign.caches`, or the repository designs when the run writes).
  var variantNames: [VariantName]?
  var variantsValue = ""
  /// Whether `--shards` was given, so a shard count in `--variants` that disagrees is refused.
  var shardsGiven = false
  var placements: [DecodePlacement] = [.inside, .outside]
  var zipfTheta: Double?
  var isUniform = false
  var hotspot: KeyDistributionKind?
  var requests: Int?
  var duration: Duration?
  var profilePath: String?
  var baselinePath: String?
  /// The scenario options applied, in order, for a profile to be overridden by.
  private var scenarioSettings: [OptionSetting] = []
  var profiling = ProfilingOptions()
  var profileVariant: String?
  var deadline: Duration?
  var repeatOptions = RepeatOptions()

  /// The thread counts `--threads` allows: enough to oversubscribe any machine cachebench runs on
  /// many times over, few enough that starting them per window stays cheap.
  static let threadCounts = 1...1_024
  /// The client counts `--concurrency` allows. A client costs about 1 KB (its task and counters); the
  /// latency histograms are shared (`HistogramStripes`), so the tool's memory grows with the clients
  /// only by that (docs/cost-model.md). `MemoryBudget` still refuses what would not fit.
  static let concurrencies = 1...100_000
  /// The chunk counts `--decode-checkpoint` allows: 0 for none, up to more chunks than any decode of a
  /// sane `--decode-cost` has (a chunk is one pass over the payload).
  static let decodeCheckpoints = 0...1_000_000
  /// The counts `--findings` allows besides `all`: at least one line, at most a generous number of
  /// rules.
  static let findingCounts = 1...100

  /// Reads `value` as the value of `option` and records it, as its declaration says
  /// (`RunOptionDeclaration`); a profile can override a scenario option later, so those are kept.
  mutating func apply(_ value: String, for option: OptionName) throws(OptionsError) {
    guard let declaration = RunOptionDeclaration.byOption[option] else {
      preconditionFailure("\(option.rawValue) has no RunOptionDeclaration")
    }
    if declaration.profile != nil {
      scenarioSettings.append(OptionSetting(option: option, value: value))
    }
    try declaration.apply(&self, value)
  }

  /// Records `value` as the path of the output `option` names, refusing an empty one.
  mutating func setOutputPath(_ value: String, for option: OptionName) throws(OptionsError) {
    outputPaths[option] = try OptionValueParser.path(value, for: option)
  }

  /// Whether `--variants` named a shard count or a placement (`sharded(8)`, `coalescing/inside`),
  /// which a sweep, whose cells take both from their axes, refuses.
  var variantsNameShardsOrPlacements: Bool {
    variantNames?.contains { $0.shards != nil || $0.decode != nil } ?? false
  }

  /// The variants of the run: those `--variants` named, or the default designs at every placement.
  /// A shard count in `--variants` that disagrees with `--shards`, or two names of one variant
  /// (`coalescing,coalescing/inside`), are refused.
  private func variants() throws(OptionsError) -> [Variant] {
    guard let variantNames else {
      let designs =
        scenario.writeRate > 0
        ? RegisteredDesigns.registry.writingDesigns : RegisteredDesigns.registry.defaultDesigns
      return Variant.all(designs: designs, placements: placements, shards: scenario.shards)
    }
    if shardsGiven,
      let name = variantNames.first(where: { $0.shards != nil && $0.shards != scenario.shards })
    {
      throw .invalidValue(
        option: .variants, value: variantsValue,
        reason:
          "\(name.design.name)(\(name.shards ?? 0)) names \(name.shards ?? 0) shards but"
          + " \(OptionName.shards) is \(scenario.shards); give the count in one place")
    }
    let variants = VariantName.variants(
      variantNames, placements: placements, shards: scenario.shards)
    for (index, variant) in variants.enumerated() where variants[..<index].contains(variant) {
      throw .invalidValue(
        option: .variants, value: variantsValue, reason: "names \(variant) twice")
    }
    return variants
  }

  /// The configuration the recorded options describe, or the first conflict between them.
  func build() throws(OptionsError) -> RunConfiguration {
    try checkConflicts()
    var scenario = self.scenario
    scenario.variants = try variants()
    // A count named in --variants alone is the scenario's too (the JSON's scenario.shards).
    if !shardsGiven, let named = variantNames?.lazy.compactMap(\.shards).first {
      scenario.shards = named
    }
    try scenario.checkDesignTraits()
    if isUniform {
      scenario.distribution = .uniform
    } else if let hotspot {
      scenario.distribution = hotspot
    } else if let zipfTheta {
      scenario.distribution = .zipf(theta: zipfTheta)
    }
    if let duration {
      scenario.stop = .duration(duration)
    } else if let requests {
      scenario.stop = .requests(requests)
    }
    return try configuration(of: scenario)
  }

  /// Refuses options that contradict each other, or that do something only with another not given.
  private func checkConflicts() throws(OptionsError) {
    if requests != nil && duration != nil {
      throw .conflictingOptions(OptionName.requests.rawValue, OptionName.duration.rawValue)
    }
    if isUniform && zipfTheta != nil {
      throw .conflictingOptions(
        "\(OptionName.distribution) uniform", OptionName.zipfTheta.rawValue)
    }
    if hotspot != nil && zipfTheta != nil {
      throw .conflictingOptions(
        "\(OptionName.distribution) hotspot", OptionName.zipfTheta.rawValue)
    }
    if scenario.caller == .main && scenario.threads != nil {
      throw .conflictingOptions("\(OptionName.caller) main", OptionName.threads.rawValue)
    }
    // Both shape how a cancelled request's decode ends; with nothing cancelled they would be ignored.
    // Said as what is missing: the user may never have typed --cancel-rate (its default is 0).
    if scenario.cancelRate == 0 && scenario.cancelMoment != .wait {
      throw .needsOption(
        "\(OptionName.cancelAt) decode", needs: "\(OptionName.cancelRate) above 0",
        reason: "it sets when the cancelled requests are cancelled, and none are")
    }
    if scenario.cancelRate == 0 && scenario.decodeCheckpoint != 0 {
      throw .needsOption(
        "\(OptionName.decodeCheckpoint) \(scenario.decodeCheckpoint)",
        needs: "\(OptionName.cancelRate) above 0",
        reason: "only a cancelled request's decode checks for cancellation, and none is cancelled")
    }
    // Main-actor clients run the closed loop only (`MainActorClientLoop`).
    if scenario.caller == .main && scenario.openLoop != nil {
      throw .conflictingOptions("\(OptionName.caller) main", OptionName.rate.rawValue)
    }
  }

  /// The configuration that runs `scenario` with the outputs, profile and repetitions asked for.
  private func configuration(of scenario: Scenario) throws(OptionsError) -> RunConfiguration {
    var configuration = RunConfiguration(scenario: scenario, csvPath: csvPath)
    configuration.jsonPath = outputPaths[.json]
    configuration.markdownPath = outputPaths[.markdown]
    if let findingsShown { configuration.findingsShown = findingsShown }
    configuration.histogramCSVPath = outputPaths[.histogramCSV]
    configuration.rawLatenciesPath = outputPaths[.rawLatencies]
    configuration.isQuiet = isQuiet
    try configuration.checkOutputsAreDistinct()
    configuration.baselinePath = baselinePath
    configuration.profiling = profiling
    configuration.deadline = deadline
    configuration.repeatOptions = repeatOptions
    // With a profile, the variants (and so the reference) are known once it is read.
    if profilePath == nil { _ = try repeatOptions.selection(in: scenario.variants) }
    if let profilePath {
      configuration.profile = ProfileRequest(path: profilePath, overrides: scenarioSettings)
      // The profile may change the variants, so the selection waits until it is read.
      configuration.pendingProfileVariant = profileVariant
    } else if let profileVariant {
      try configuration.selectProfiledVariant(named: profileVariant)
    }
    return configuration
  }
}
