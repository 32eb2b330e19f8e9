/// One option of `cachebench run`, declared once: its flag, its profile key (the scenario field of
/// the same name) with the form of its JSON value, its help lines, and how its value sets the
/// configuration.
///
/// Why one declaration: an option's name, parsing, profile key and help were written in five files
/// (`OptionName`, `RunConfigurationBuilder`, `ScenarioFields`, `HelpText`, the profile reader), and
/// an option added to some of them and not the others was caught, if at all, by a test. The parser's
/// flags (`OptionName.takesValue`), the profile's keys and value forms (`ScenarioFields.all`), the
/// help page's option lines, groups and order (`HelpText`, from `groups`) and the builder's reading
/// (`RunConfigurationBuilder.apply`) derive from these. Every `OptionName` is declared, once.
struct RunOptionDeclaration: Sendable {
  /// How a value sets the configuration: parses `value` and records it in the builder, or throws
  /// the `OptionsError` that names the option and quotes the value.
  typealias Apply = @Sendable (inout RunConfigurationBuilder, String) throws(OptionsError) -> Void

  /// The flag, as on the command line.
  var option: OptionName
  /// The profile key, which is the scenario field's name, and how its JSON value becomes the
  /// option's text; nil for an option a profile does not set.
  var profile: (key: String, form: ScenarioFields.ValueForm)?
  /// Whether a value follows the flag; a flag such as `--quiet` takes none.
  var takesValue = true
  /// The option's lines of the help page, indented as printed, without the last line's end.
  var help: String
  /// How the value sets the configuration.
  var apply: Apply

  /// Every run option, group by group; those with a profile key in the order the profile's fields
  /// are documented and listed in its messages (`ScenarioFields.all`).
  static let all: [RunOptionDeclaration] =
    workload + length + fetcher + operations + clients + outputs

  /// The run options as the help page lists them: each group under its heading (`OPTIONS, <title>:`),
  /// in this order.
  static let groups: [(title: String, options: [RunOptionDeclaration])] = [
    ("the designs and the workload", workload + clients),
    ("the run's length", length),
    ("the fake fetcher", fetcher),
    ("operations beside reads", operations),
    ("outputs and profiling", outputs),
  ]

  /// The declaration of each declared option.
  static let byOption: [OptionName: RunOptionDeclaration] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.option, $0) })
}
