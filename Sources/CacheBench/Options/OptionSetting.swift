/// One scenario option and the text of its value, as given on the command line or by a profile.
struct OptionSetting: Sendable, Equatable {
  var option: OptionName
  var value: String
}
