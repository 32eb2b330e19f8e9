import CacheBenchCore

/// The help page `cachebench --help` prints.
///
/// Written by hand to read well, but for the run options: their groups, their order and their lines
/// come from their declarations (`RunOptionDeclaration.groups` and `.help`), in place of the
/// `{options}` line, so a new option is added in one place. `HelpTextTests` checks that it names
/// every `OptionName` and states the default the parser applies.
enum HelpText {
  /// Usage line, purpose, every option with its value form, range, unit and default, the registered
  /// designs, and exit codes.
  static var usage: String {
    template.replacingDesigns(with: designList(RegisteredDesigns.registry))
      .replacingLine("{options}", with: optionGroups)
  }

  /// The run options, group by group (`RunOptionDeclaration.groups`), each under its heading, each
  /// option's lines from its declaration; the help and version flags end the last group.
  static var optionGroups: String {
    RunOptionDeclaration.groups.map { group in
      (["OPTIONS, \(group.title):"] + group.options.map(\.help)).joined(separator: "\n")
    }.joined(separator: "\n\n")
  }

  /// The page as the executable `program` prints it: its usage lines name `program`.
  static func page(program: String) -> String {
    let leads = ["USAGE: cachebench ", "       cachebench "]
    return usage.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard let lead = leads.first(where: { line.hasPrefix($0) }) else { return String(line) }
      return lead.dropLast("cachebench ".count) + program + " " + line.dropFirst(lead.count)
    }.joined(separator: "\n")
  }

  /// The designs section: each registered design, built-in ones first, with its summary and traits,
  /// wrapped to 80 columns.
  static func designList(_ registry: DesignRegistry) -> String {
    let nameWidth = max(16, (registry.names.map(\.count).max() ?? 0) + 2)
    var lines = ["DESIGNS (for --variants; [default] ones run without it):"]
    for design in registry.designs {
      let traits = design.traits.names
      let text = design.summary + (traits.isEmpty ? "" : " [\(traits.joined(separator: ", "))]")
      let indent = String(repeating: " ", count: 2 + nameWidth)
      var line = "  " + design.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      var lineHasWord = false
      for word in text.split(separator: " ") {
        if lineHasWord && line.count + 1 + word.count > 80 {
          lines.append(line)
          line = indent
          lineHasWord = false
        }
        line += (lineHasWord ? " " : "") + word
        lineHasWord = true
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// The page with a placeholder line where the designs go.
  private static let template = """
    USAGE: cachebench [run] [options]
           cachebench compare BASELINE CURRENT [CURRENT...] [compare options]
           cachebench baseline NAME RUN [RUN...]
           cachebench paired --base RUN... --head RUN... [paired options]
           cachebench calibrate [--concurrency <n>] [--shards <n>]
                                [--payload-bytes <n>]
           cachebench sweep [options] [--max-time <duration>]
           cachebench check [--variants <list>] [--json] [--no-timing]
           cachebench help [SUBCOMMAND]  (this page, which covers every subcommand)

    Drives actor-based cache designs with one identical workload against fake
    fetchers; reports duplicate fetches, latency, actor queue delay, memory, CPU.

    {options}
      -h, --help                Show this help and exit.
      --version                 Show the version and exit.

    {designs}

    calibrate measures the floor of each mechanism (clock read, actor call,
    Mutex, task, Task.sleep, harness) and each design's hit path, over
    64-byte payloads unless --payload-bytes says; every run measures it too,
    at the run's --payload-bytes.
    sweep runs the designs over every decode placement,
    concurrency and shard count (and --threads count, if given), and
    compares each cell with coalescing: its --shards, --concurrency and
    --threads take comma lists and doubling ranges, e.g. --shards 1..16
    (1,2,4,8,16). (defaults: 1,2,4,8,16 and 1,8,64,256; no threads axis)
    sweep writes the matrices and --csv; it refuses --json, --markdown,
    --histogram-csv, --raw-latencies, --save-baseline, --profile, --deadline
    (it has --max-time), --findings and the profiler options, rather than
    ignore them.

    Each option is given at most once, as --name value or --name=value.
    An output <path> of - writes to stdout (then the table goes to stderr);
    only one output may do so. Files are written whole or not at all.
    <n> is decimal digits only. <duration> is a number and a unit with no space:
    ns, us (or \u{B5}s), ms, s, m (minutes); e.g. 500ns, 20us, 1.5ms, 30s, 10m.

    COMPARE:
      Judges CURRENT (a --csv file, a --json result or a baseline; several
      are repetitions, judged by each metric's median) against BASELINE:
      per variant and metric, baseline, current, change and verdict. The
      *_ratio metrics divide by BASELINE's coalescing variant of the same
      decode placement (as a run's --reference does), else its first
      variant's design, unless the profile's gate.reference names one
      variant for all.
      --profile <path>          Thresholds from the profile's "gate" section.
                                (default: built-in thresholds)
      --format <kind>           text, markdown or json. (default: text)
      --fail-on-improvement     Also fail when a metric improved beyond its
                                threshold, so the baseline gets refreshed.
      --any-host                Judge host-dependent metrics even when the
                                baseline is from another host or toolchain.

    BASELINE:
      Writes the median of the RUN files (repetitions of one profile) as a
      baseline to NAME, resolved like --save-baseline.

    PAIRED:
      The A/B gate (scripts/ci-gate --against REF runs it): --base and --head
      name runs of one profile by two builds, paired by position (round i
      ran base and head back to back). Judges each timing figure (hit path,
      throughput, latency p50 and p99, CPU per request, actor wait and busy)
      on the median of its head/base ratios and that median's 95% interval:
      a regression only when the whole interval lies past the threshold.
      --profile <path>          Thresholds from the profile's "gate.paired"
                                section. (default: built-in thresholds)
      --format <kind>           text, markdown or json. (default: text)
      --base-name <name>        How the report names the base. (default: the
                                base runs' commit)
      --head-name <name>        How the report names the head.

    CHECK:
      A report card per design: short targeted scenarios, each fetch held by
      the check so no timing decides them: N overlapping callers of one cold
      key (reentrancy), a failed fetch (every waiter gets the error, and it is
      not cached), a cancelled joiner (the other caller keeps its fetch), an
      invalidate during a fetch (no value from before it served after it),
      then hit throughput at 1, 2, the cores and 64 clients against mutex.
      Each line: pass, warn or fail, its figures, and a fix. Exit 1 when any
      check fails, so it can be a CI step.
      --variants <list>         Designs to check, as run takes them.
                                (default: the designs a run measures)
      --json                    The report card as JSON on stdout.
      --no-timing               Leave out the timed hit-scaling check.

    EXIT CODES:
      0   success
      1   failure
      2   gate regression (compare, paired)
      64  usage error (bad command line, profile, input file or output path)
      130 interrupted by SIGINT (143: SIGTERM); results so far are written,
          marked interrupted. A second Ctrl-C exits at once.
    """
}

extension String {
  /// The help page with its `{designs}` line replaced by `list`.
  fileprivate func replacingDesigns(with list: String) -> String {
    replacingLine("{designs}", with: list)
  }

  /// The help page with its line `placeholder` (indentation aside) replaced by `text`.
  fileprivate func replacingLine(_ placeholder: String, with text: String) -> String {
    split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.drop { $0 == " " } == placeholder ? text : String($0) }
      .joined(separator: "\n")
  }
}
