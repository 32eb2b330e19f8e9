import CacheBenchCore

/// `cachebench check`: the report card of each design named (`DesignCheck`), on stdout as text or
/// JSON, progress on stderr. Ends with `CommandError.failure` when any check failed, so a user can make
/// it a CI step; a warning alone does not fail it.
struct CheckCommand: Subcommand {
  let configuration: CheckConfiguration

  init(_ configuration: CheckConfiguration) {
    self.configuration = configuration
  }

  /// The design the hit-scaling check compares with: the registered lock-isolated design (the
  /// built-in `mutex`).
  static var reference: CacheDesign? {
    let registry = RegisteredDesigns.registry
    return registry.design(named: "mutex") ?? registry.first(with: .lockIsolated)
  }

  func execute() async throws(CommandError) {
    var cards: [(name: String, outcomes: [DesignCheck.Outcome])] = []
    for name in configuration.designs {
      var check = DesignCheck(design: name.design)
      if let shards = name.shards { check.shards = shards }
      check.reference = Self.reference
      check.includesHitScaling = configuration.timing
      let label = name.design.isSharded ? "\(name.design.name)(\(check.shards))" : name.design.name
      CacheBenchCommand.printError("checking \(label)")
      cards.append((label, await check.run()))
    }
    let text = configuration.json ? Self.json(cards) : Self.text(cards)
    print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    let outcomes = cards.flatMap(\.outcomes)
    let failed = outcomes.filter { $0.verdict == .fail }.count
    let warned = outcomes.filter { $0.verdict == .warn }.count
    let summary = "\(failed) failed, \(warned) warned, \(outcomes.count - failed - warned) passed"
    guard failed == 0 else { throw .failure("check: \(summary)") }
    CacheBenchCommand.printError("check: \(summary)")
  }

  /// The report card as text: a design a block, a check a line, its fix on the next.
  static func text(_ cards: [(name: String, outcomes: [DesignCheck.Outcome])]) -> String {
    let width =
      (DesignCheck.checks.map(\.0) + [DesignCheck.hitScalingCheck]).map(\.count).max() ?? 0
    var lines: [String] = []
    for card in cards {
      lines.append(card.name)
      for outcome in card.outcomes {
        let check = outcome.check.padding(toLength: width, withPad: " ", startingAt: 0)
        let verdict = outcome.verdict.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)
        lines.append("  \(verdict)  \(check)  \(outcome.evidence)")
        if let fix = outcome.fix, outcome.verdict != .pass {
          lines.append(String(repeating: " ", count: width + 10) + "fix: " + fix)
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The report card as JSON: `{"designs": [{"design", "checks": [{"check", "verdict", "evidence",
  /// "fix"}]}], "failed", "warned", "passed"}`.
  static func json(_ cards: [(name: String, outcomes: [DesignCheck.Outcome])]) -> String {
    let outcomes = cards.flatMap(\.outcomes)
    func count(_ verdict: DesignCheck.Verdict) -> JSONValue {
      .number(String(outcomes.filter { $0.verdict == verdict }.count))
    }
    let designs = cards.map { card -> JSONValue in
      .object([
        ("design", .string(card.name)),
        (
          "checks",
          .array(
            card.outcomes.map { outcome in
              .object([
                ("check", .string(outcome.check)), ("verdict", .string(outcome.verdict.rawValue)),
                ("evidence", .string(outcome.evidence)),
                ("fix", outcome.fix.map(JSONValue.string) ?? .null),
              ])
            })
        ),
      ])
    }
    return JSONValue.object([
      ("designs", .array(designs)), ("failed", count(.fail)), ("warned", count(.warn)),
      ("passed", count(.pass)),
    ]).rendered()
  }
}
