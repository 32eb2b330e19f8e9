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

  /// The scenario fields in documented order, with their option and value form, from the options'
  /// declarations (`RunOptionDeclaration.profile`).
  static let all: [(field: String, option: OptionName, form: ValueForm)] =
    RunOptionDeclaration.all.compactMap { declaration in
      declaration.profile.map { ($0.key, declaration.option, $0.form) }
    }
}
