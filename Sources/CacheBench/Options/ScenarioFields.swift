/// The scenario options a profile may set (`Profile`), each with its key in the profile, which is the
/// long option's name with `_` for `-`, and the form its JSON value takes.
enum ScenarioFields {
  /// How a scenario field's JSON value becomes the text of its option.
  enum ValueForm: Sendable {
    case list
    case integer
    case decimal
    case duration
    case word
  }

  /// The scenario fields in documented order, with their option and value form: a declared
  /// option's from its declaration (`RunOptionDeclaration.profile`), the others' from `undeclared`.
  static let all: [(field: String, option: OptionName, form: ValueForm)] = documentedOrder.map {
    option in
    if let profile = RunOptionDeclaration.byOption[option]?.profile {
      return (profile.key, option, profile.form)
    }
    guard let entry = undeclared[option] else {
      preconditionFailure("\(option) is neither declared nor listed in ScenarioFields.undeclared")
    }
    return (entry.field, option, entry.form)
  }

  /// The options a profile sets, in the order its fields are documented and listed in messages.
  static let documentedOrder: [OptionName] = [
    .variants, .decode, .decodeCost, .shards, .keys, .distribution, .zipfTheta, .seed, .concurrency,
    .requests, .duration, .warmup, .latency, .payloadBytes, .failRate, .fetchLimit, .rate,
    .invalidateRate, .cancelRate, .cancelAt, .decodeCheckpoint, .capacity, .ttl, .writeRate,
    .threads, .caller,
  ]

  /// The profile key and value form of the options `RunOptionDeclaration` does not declare yet.
  private static let undeclared: [OptionName: (field: String, form: ValueForm)] = [
    .requests: ("requests", .integer),
    .duration: ("duration", .duration),
    .warmup: ("warmup", .integer),
  ]
}
