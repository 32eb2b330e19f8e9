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

  /// The scenario fields in documented order, with their option and value form.
  static let all: [(field: String, option: OptionName, form: ValueForm)] = [
    ("variants", .variants, .list),
    ("decode", .decode, .list),
    ("decode_cost", .decodeCost, .duration),
    ("shards", .shards, .integer),
    ("keys", .keys, .integer),
    ("distribution", .distribution, .word),
    ("zipf_theta", .zipfTheta, .decimal),
    ("seed", .seed, .integer),
    ("concurrency", .concurrency, .integer),
    ("requests", .requests, .integer),
    ("duration", .duration, .duration),
    ("warmup", .warmup, .integer),
    ("latency", .latency, .duration),
    ("payload_bytes", .payloadBytes, .integer),
    ("fail_rate", .failRate, .decimal),
    ("fetch_limit", .fetchLimit, .integer),
    ("rate", .rate, .decimal),
    ("invalidate_rate", .invalidateRate, .decimal),
    ("cancel_rate", .cancelRate, .decimal),
    ("cancel_at", .cancelAt, .word),
    ("decode_checkpoint", .decodeCheckpoint, .integer),
    ("capacity", .capacity, .integer),
    ("ttl", .ttl, .duration),
    ("write_rate", .writeRate, .decimal),
    ("threads", .threads, .integer),
    ("caller", .caller, .word),
  ]
}
