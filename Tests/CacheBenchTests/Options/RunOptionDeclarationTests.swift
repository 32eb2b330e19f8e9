import Testing

@testable import CacheBench

/// What derives from `RunOptionDeclaration`: the help page's option lines and the profile's keys
/// and value forms, each from the one declaration of its option.
struct RunOptionDeclarationTests {
  @Test func everyOptionIsDeclaredOnce() {
    let options = RunOptionDeclaration.all.map(\.option)
    #expect(Set(options).count == options.count)
    #expect(Set(options) == Set(OptionName.allCases))
  }

  /// The flags take no value, as the help page shows them; every other option takes one.
  @Test func theFlagsAreTheOptionsThatTakeNoValue() {
    let flags = OptionName.allCases.filter { !$0.takesValue }
    #expect(flags == [.quiet, .pauseBeforeWindow, .ignoreCancellation])
  }

  @Test(arguments: RunOptionDeclaration.all.map(\.option))
  func theHelpPageShowsADeclaredOptionsLinesOnceUnderItsFlag(option: OptionName) throws {
    let declaration = try #require(RunOptionDeclaration.byOption[option])
    #expect(declaration.help.hasPrefix("  \(option.rawValue) "))
    #expect(HelpText.usage.components(separatedBy: declaration.help + "\n").count == 2)
  }

  @Test func noPlaceholderIsLeftOnTheHelpPage() {
    #expect(!HelpText.usage.contains("{--"))
  }

  /// A profile key is the long option's name with `_` for `-`, as `Profile` documents.
  @Test(arguments: RunOptionDeclaration.all.filter { $0.profile != nil }.map(\.option))
  func aDeclaredProfileKeyIsTheFlagWithUnderscores(option: OptionName) throws {
    let profile = try #require(RunOptionDeclaration.byOption[option]?.profile)
    #expect(profile.key == String(option.rawValue.dropFirst(2)).replacing("-", with: "_"))
    let field = ScenarioFields.all.filter { $0.option == option }
    #expect(field.map(\.field) == [profile.key])
    #expect(field.map(\.form) == [profile.form])
  }
}
