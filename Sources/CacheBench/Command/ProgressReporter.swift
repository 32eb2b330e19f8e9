import CacheBenchCore

/// Shows a run's progress on stderr while the driver works, in the style the destination can take.
///
/// - `bar` (stderr is a terminal): the workload summary line, then a `ProgressLine` redrawn in place
///   on every `tick()`; when a variant finishes, the bar is erased and its result line printed, so
///   the scrollback holds the same lines as the `lines` style.
/// - `lines` (a file, pipe or CI log): the summary line, then per variant a line when its measured
///   window opens (so a long window in a log, or a test driving the executable, shows what is running)
///   and one when it finishes.
/// - `silent` (`--quiet`): nothing.
///
/// Results never go through here: they belong on stdout. State is behind a `Mutex` because the
/// driver's events and the ticker arrive from different tasks; writes happen under it too, so a
/// late tick can never redraw a bar after the result line that replaced it.
final class ProgressReporter: Sendable {
  /// How progress is shown; see `ProgressReporter`.
  enum Style: Sendable, Equatable {
    case bar
    case lines
    case silent
  }

  /// What the reporter knows of the run so far.
  private struct State {
    /// 1-based position of the current variant; 0 before the first.
    var position = 0
    var window: WindowProgress?
    /// When `window` started, by `now`.
    var windowStart: UInt64 = 0
    /// Whether a bar is on the screen and must be erased before the next line.
    var barShown = false
  }

  private let style: Style
  private let variantCount: Int
  private let width: Int
  private let write: @Sendable (String) -> Void
  private let now: @Sendable () -> UInt64
  /// The executable's name, before each line as every other stderr line has it: a user's own
  /// executable's, not `cachebench`, read when the reporter is made (`ProgramName.current`).
  private let program: String
  private let state = SanitizerVisibleMutex(State())

  /// A reporter for a run of `variantCount` variants on a terminal `width` columns wide, writing
  /// with `write` and reading monotonic nanoseconds from `now` (both injectable for tests).
  init(
    style: Style, variantCount: Int, width: Int = 80,
    write: @escaping @Sendable (String) -> Void = StandardError.write,
    now: @escaping @Sendable () -> UInt64 = MonotonicClock.now
  ) {
    self.style = style
    self.variantCount = variantCount
    self.width = width
    self.write = write
    self.now = now
    program = ProgramName.current
  }

  /// The style for stderr: `silent` when asked to be quiet, `bar` on a terminal, else `lines`.
  static func style(quiet: Bool, standardErrorIsTerminal: Bool) -> Style {
    quiet ? .silent : standardErrorIsTerminal ? .bar : .lines
  }

  /// Prints the line describing the workload, before the run starts.
  func begin(summary: String) {
    guard style != .silent else { return }
    write(prefixed(summary))
  }

  /// Takes in one driver event; the driver's `onEvent`.
  func handle(_ event: DriverEvent) {
    guard style != .silent else { return }
    state.withLock { state in
      switch event {
      case .started:
        state.position += 1
        state.window = nil
      case .windowStarted(let window):
        state.window = window
        state.windowStart = now()
        if style == .bar {
          draw(&state)
        } else if window.phase == .measurement {
          write(
            prefixed(
              "[\(state.position)/\(variantCount)] \(window.variant.description): measuring"))
        }
      case .failed(let variant, let reason):
        state.window = nil
        var text = state.barShown ? Self.eraseLine : ""
        state.barShown = false
        text += prefixed("\(variant.description): not measured: \(reason)")
        write(text)
      case .finished(let result):
        state.window = nil
        var text = state.barShown ? Self.eraseLine : ""
        state.barShown = false
        text += prefixed(RunDescription.progressLine(for: result))
        write(text)
      }
    }
  }

  /// Redraws the bar of the window in progress, if any; a no-op unless the style is `bar`.
  func tick() {
    guard style == .bar else { return }
    state.withLock { draw(&$0) }
  }

  /// Erases a bar left on the screen, e.g. after a run that failed mid-variant.
  func end() {
    state.withLock { state in
      if state.barShown { write(Self.eraseLine) }
      state.barShown = false
    }
  }

  /// Calls `tick()` every `interval` of `clock` until the task is cancelled.
  func tick<C: Clock>(every interval: C.Duration, clock: C) async {
    while !Task.isCancelled {
      do {
        try await clock.sleep(for: interval)
      } catch {
        return
      }
      tick()
    }
  }

  /// Back to the start of the line and erase it (`CR`, then `ESC [ K`).
  static let eraseLine = "\r\u{1B}[K"

  /// Redraws the bar of the window in progress, if any, over whatever the line held.
  private func draw(_ state: inout State) {
    guard let window = state.window else { return }
    let line = ProgressLine.render(
      ProgressLine.State(
        position: state.position, count: variantCount, label: window.variant.description,
        phase: window.phase, stop: window.stop, requestsIssued: window.requestsIssued,
        elapsedNanoseconds: now() &- state.windowStart),
      width: width)
    write(Self.eraseLine + line)
    state.barShown = true
  }

  /// `line` as a diagnostic line: the tool's name before it, a line end after it.
  private func prefixed(_ line: String) -> String {
    program + ": " + line + "\n"
  }
}
