extension CancellationReach {
  /// A reach for a measured window of `scenario`: one for a run that cancels reads once they wait,
  /// nil for every other.
  static func forWindow(of scenario: Scenario) -> CancellationReach? {
    scenario.cancelRate > 0 && scenario.cancelMoment == .wait ? CancellationReach() : nil
  }
}
