import CacheBenchCore

/// A named workload scenario read from a JSON file: the scenario fields of `cachebench run`, and the
/// thresholds `cachebench compare` applies to its results.
///
/// Each scenario field is the long option of the same name (`payload_bytes` is `--payload-bytes`)
/// with the same values, checks and defaults: numbers as JSON numbers, durations as strings with a unit
/// (`"1ms"`), lists as arrays of strings, `distribution` as a string. A field left out takes the
/// option's default. Members whose names start with `_` are comments and are ignored wherever they
/// appear (JSON has no comments); `description` is a free-text summary. Anything else is an error
/// naming the file, the field and the value.
struct Profile: Sendable, Equatable {
  /// The file it was read from, as given.
  var path: String
  /// One-line summary of what the profile measures, if the file gives one.
  var summary: String?
  /// The scenario fields, as the option and value text `RunConfigurationBuilder` reads, in file order.
  var settings: [OptionSetting]
  /// The `gate` section; built-in thresholds only when the file has none.
  var thresholds: GateThresholds

  /// How a scenario field's JSON value becomes the text of its option (`ScenarioFields`).
  typealias ValueForm = ScenarioFields.ValueForm

  /// The scenario fields in documented order, with their option and value form.
  static var scenarioFields: [(field: String, option: OptionName, form: ValueForm)] {
    ScenarioFields.all
  }

  /// Every top-level field a profile may have, besides `_` comments.
  static var knownFields: [String] { ["description"] + scenarioFields.map(\.field) + ["gate"] }

  /// Reads and checks the profile at `path`.
  static func load(path: String) throws(ProfileError) -> Profile {
    let text: String
    do {
      text = try TextFileReader.read(path: path)
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    return try parse(text, path: path)
  }

  /// Checks the profile text `text`; `path` names it in messages.
  ///
  /// Every scenario value is checked as its option would be, and the profile alone must make a valid
  /// run (so `requests` with `duration` is refused here, not only when combined with a command line).
  static func parse(_ text: String, path: String) throws(ProfileError) -> Profile {
    let json: JSONValue
    do {
      json = try JSONParser.parse(text)
    } catch {
      throw .syntax(path: path, problem: error)
    }
    let members = try ProfileFields.members(of: json, field: "(profile)", path: path)
    var profile = Profile(path: path, summary: nil, settings: [], thresholds: GateThresholds())
    for (key, value) in members {
      if key == "description" {
        guard let text = value.stringValue else {
          throw .invalidValue(
            path: path, field: key, value: value.summary, reason: "must be a string")
        }
        profile.summary = text
      } else if key == "gate" {
        profile.thresholds = try GateThresholds(profileSection: value, path: path)
      } else if let entry = scenarioFields.first(where: { $0.field == key }) {
        let text = try optionText(of: value, form: entry.form, field: key, path: path)
        profile.settings.append(OptionSetting(option: entry.option, value: text))
      } else {
        throw .unknownField(path: path, field: key, value: value.summary, known: knownFields)
      }
    }
    try profile.check()
    return profile
  }

  /// Checks every value as its option and then the combination, reporting the first problem.
  private func check() throws(ProfileError) {
    var builder = RunConfigurationBuilder()
    for setting in settings {
      do {
        try builder.apply(setting.value, for: setting.option)
      } catch {
        let field = Self.field(for: setting.option)
        throw .invalidValue(
          path: path, field: field, value: Self.quotedValue(setting), reason: Self.reason(error))
      }
    }
    let given = Set(settings.map(\.option))
    if given.contains(.requests) && given.contains(.duration) {
      throw .conflictingFields(path: path, first: "requests", second: "duration")
    }
    let uniform = OptionSetting(option: .distribution, value: "uniform")
    if given.contains(.zipfTheta), settings.contains(uniform) {
      throw .conflictingFields(path: path, first: "distribution", second: "zipf_theta")
    }
  }

  /// The profile's settings that the command line does not override, followed by the command line's.
  ///
  /// An option replaces the profile field of the same name. Fields that are one choice between them
  /// are replaced together: `--requests` or `--duration` replaces both `requests` and `duration`
  /// (the stop condition); `--distribution uniform` also drops `zipf_theta`, and `--zipf-theta` drops
  /// `distribution` (it implies zipf).
  func settings(overriddenBy commandLine: [OptionSetting]) -> [OptionSetting] {
    let given = Set(commandLine.map(\.option))
    let stopGiven = given.contains(.requests) || given.contains(.duration)
    // Any distribution but zipf (uniform, hotspot:…) has no theta.
    let uniformGiven = commandLine.contains { $0.option == .distribution && $0.value != "zipf" }
    let kept = settings.filter { setting in
      switch setting.option {
      case _ where given.contains(setting.option): false
      case .requests, .duration: !stopGiven
      case .zipfTheta: !uniformGiven
      case .distribution: !given.contains(.zipfTheta)
      default: true
      }
    }
    return kept + commandLine
  }

  /// What is wrong with a value, without the option name the command line would put before it.
  private static func reason(_ error: OptionsError) -> String {
    switch error {
    case .invalidValue(_, _, let reason): reason
    case .invalidDuration(_, _, let problem): "invalid duration: \(problem)"
    default: error.description
    }
  }

  /// The profile field of `option`, e.g. `payload_bytes` for `--payload-bytes`.
  static func field(for option: OptionName) -> String {
    scenarioFields.first { $0.option == option }?.field ?? option.rawValue
  }

  /// A setting's value as it appeared in the file: strings quoted, numbers bare, lists as arrays.
  private static func quotedValue(_ setting: OptionSetting) -> String {
    switch scenarioFields.first(where: { $0.option == setting.option })?.form {
    // A rate is a number, or a string such as "5000/s": quote what no JSON number is made of.
    case .rate?
    where setting.value.isEmpty || !setting.value.allSatisfy({ "0123456789.-+eE".contains($0) }):
      JSONValue.quoted(setting.value)
    case .integer?, .decimal?, .rate?: setting.value
    case .list?:
      "["
        + setting.value.split(separator: ",").map { JSONValue.quoted(String($0)) }
        .joined(separator: ", ") + "]"
    default: JSONValue.quoted(setting.value)
    }
  }

  /// The option text of a field's JSON value, or an error if it has the wrong kind.
  private static func optionText(
    of value: JSONValue, form: ValueForm, field: String, path: String
  ) throws(ProfileError) -> String {
    func wrongKind(_ expected: String) -> ProfileError {
      .invalidValue(
        path: path, field: field, value: value.summary,
        reason: "must be \(expected), not \(value.kindName)")
    }
    switch (form, value) {
    case (.integer, .number(let text)), (.decimal, .number(let text)), (.rate, .number(let text)),
      (.rate, .string(let text)):
      return text
    case (.integer, _):
      throw wrongKind("a whole number")
    case (.decimal, _), (.rate, _):
      throw wrongKind("a number")
    case (.duration, .string(let text)):
      return text
    case (.duration, _):
      throw wrongKind("a string with a unit, e.g. \"1ms\"")
    case (.word, .string(let text)):
      return text
    case (.word, _):
      throw wrongKind("a string")
    case (.list, .array(let elements)):
      var items: [String] = []
      for element in elements {
        guard let item = element.stringValue else { throw wrongKind("an array of strings") }
        guard !item.contains(",") else {
          throw .invalidValue(
            path: path, field: field, value: value.summary,
            reason: "give one name per array element, not a comma list")
        }
        items.append(item)
      }
      guard !items.isEmpty else {
        throw .invalidValue(
          path: path, field: field, value: "[]", reason: "must list at least one")
      }
      return items.joined(separator: ",")
    case (.list, _):
      throw wrongKind("an array of strings")
    }
  }
}
