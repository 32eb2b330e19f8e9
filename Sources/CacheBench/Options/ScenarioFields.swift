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
    /// A number of requests per second, or a string with the unit as the command line may spell
    /// it (`"5000/s"`): `--rate` takes both.
    case rate
  }

  /// The scenario fields in documented order, with their option and value form, from the options'
  /// declarations (`RunOptionDeclaration.profile`).
  static let all: [(field: String, option: OptionName, form: ValueForm)] =
    RunOptionDeclaration.all.compactMap { declaration in
      declaration.profile.map { ($0.key, declaration.option, $0.form) }
    }
}
