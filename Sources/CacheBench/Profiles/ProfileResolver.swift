import CacheBenchCore

/// Turns a run configuration that names a profile into the configuration to run.
enum ProfileResolver {
  /// `configuration` with its scenario taken from the profile file, overridden by the command line's
  /// options (see `Profile.settings(overriddenBy:)`); unchanged when it names no profile.
  ///
  /// Errors in the file are `ProfileError`s. The command line's own values were checked when it was
  /// parsed, so the only `OptionsError` left is a conflict that appears only in combination.
  static func resolve(_ configuration: RunConfiguration) throws(ProfileError) -> RunConfiguration {
    guard let request = configuration.profile else { return configuration }
    let profile = try Profile.load(path: request.path)
    var builder = RunConfigurationBuilder()
    do {
      for setting in profile.settings(overriddenBy: request.overrides) {
        try builder.apply(setting.value, for: setting.option)
      }
      // Only the scenario comes from the profile; every output, flag and profiling setting given on
      // the command line stays as it was.
      var resolved = configuration
      resolved.scenario = try builder.build().scenario
      // --ignore-cancellation is a flag of the command line, not a profile field: keep it.
      if configuration.scenario.fetcher.ignoresCancellation {
        resolved.scenario.fetcher.ignoresCancellation = true
      }
      resolved.profile = nil
      return resolved
    } catch {
      throw .combination(path: request.path, problem: error.description)
    }
  }
}
