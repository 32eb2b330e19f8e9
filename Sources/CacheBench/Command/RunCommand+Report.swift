import CacheBenchCore

extension RunCommand {
  /// The tables, the ratio lines, the calibration summary and the findings block (`Findings`): on
  /// stdout, or on stderr when stdout carries an output (`--csv -`), so that it can be piped alone.
  func printTables(_ record: RunRecord, calibration: Calibration, interruption: String?) {
    let repeated = record.repeated
    let ratioLines = record.ratios.map(RatioLinesWriter.render) ?? ""
    let findings = Findings.evaluate(repeated: repeated, scenario: scenario)
    let table =
      TableWriter.render(repeated: repeated, stop: scenario.stop)
      + (ratioLines.isEmpty ? "" : "\n" + ratioLines) + "\n"
      + ContentionTableWriter.render(repeated: repeated, calibration: calibration)
      + MainActorTableWriter.render(repeated: repeated, caller: scenario.caller)
      + DecodeCancellationTableWriter.render(repeated: repeated, scenario: scenario)
      + CalibrationTableWriter.summary(calibration) + "\n"
      + Findings.render(findings, limit: configuration.findingsShown)
      + (interruption.map { $0 + "\n" } ?? "")
    if configuration.writesToStandardOutput {
      StandardError.write(table)
    } else {
      print(table, terminator: table.hasSuffix("\n") ? "" : "\n")
    }
  }

  /// Every output file the options ask for, each written whole or not at all.
  func writeOutputs(_ record: RunRecord) throws(CommandError) {
    for output in configuration.outputs {
      do {
        let text = try RunOutputs.render(output.option, record)
        if output.isStandardOutput {
          print(text, terminator: "")
        } else {
          try AtomicFileWriter.write(text, toPath: output.path)
        }
      } catch {
        throw .failure(error.description)
      }
    }
  }

  /// How the run ends once its outputs are written: a run stopped by a signal exits as that signal, one
  /// stopped by its deadline or with a variant not measured fails, and a complete run writes its
  /// baseline.
  func conclude(_ measured: Measured, record: RunRecord, interrupted: Bool) throws(CommandError) {
    if interrupted, let baselinePath = configuration.baselinePath {
      CacheBenchCommand.printError(
        "no baseline written to \(baselinePath): the run was stopped before it finished, and a"
          + " baseline must hold a complete run")
    }
    switch measured.stopReason {
    case .signal(let number):
      throw .signalled(number)
    case .deadline:
      throw .failure(
        "the run did not finish before its deadline; results so far are marked interrupted")
    case .stalled, nil:
      // A stalled window stops only its own variant, never the run (`BenchmarkDriver`).
      break
    }
    if !measured.unfinished.isEmpty {
      throw .failure(
        "not every variant was measured (\(measured.unfinished.joined(separator: ", ")));"
          + (configuration.baselinePath == nil ? "" : " no baseline written;")
          + " the others' results are complete")
    }
    guard let baselinePath = configuration.baselinePath else { return }
    let baseline = ResultDocument(kind: .baseline, record: record)
    do {
      try AtomicFileWriter.write(baseline.json.rendered(), toPath: baselinePath)
    } catch {
      throw .failure(error.description)
    }
    if !quiet { CacheBenchCommand.printError("baseline written to \(baselinePath)") }
  }
}
