import CacheBenchCore

/// How long the cells of a sweep that have not run yet will take, from the cells that have.
///
/// Cells of one sweep differ by far more than noise: a window at one client, or one that decodes inside
/// one actor, can take ten times another. A mean over the cells so far then says what those cells took,
/// not what is left: a sweep whose slow single-client cells come first said "about 1m09s left" with 22 s
/// to go, and issue 31 saw "about 24 s left" with 96 s to go. So each cell still to run is estimated
/// from the measured cells most like it, nearest first:
/// 1. the same cell, in an earlier repetition: the mean of its times;
/// 2. its column (the same placement, client threads and concurrency, other designs): their mean, since
///    the workload and its parallelism are the same;
/// 3. the same client threads and concurrency at other placements: their mean, scaled by how the
///    cell's placement compared with theirs over the concurrencies measured at both (1 when none was);
/// 4. the nearest concurrency measured (by ratio; the lower on a tie) of the same variant, else of the
///    same placement, else of any cell, scaled to the cell's clients (below).
///
/// Client count is the axis that moves a cell's time most: at one client every miss waits its fetch
/// alone, at 64 they overlap. So rule 4 scales a time measured at `c` clients to `c'` by `c / c'` (a window
/// of a fixed number of requests that waits on latency finishes in proportion to its clients), but never
/// below the CPU that window used (its time times the share of the host's cores it kept busy: more clients
/// cannot make the same work take less CPU), and the part of a cell that is not its windows (building the
/// caches, the retained-bytes check) does not scale. Only a sweep that stops by requests scales; one that
/// stops by duration spends that duration whatever the clients.
struct SweepTimeEstimate: Sendable {
  /// A cell that was measured and the nanoseconds it took, from the start of its warm-up to the start of
  /// the next cell.
  struct Measured: Sendable, Equatable {
    var cell: SweepCell
    var nanoseconds: UInt64
    /// Of `nanoseconds`, the part spent in its warm-up and measured windows (the rest is set-up and
    /// checks, which do not scale with the clients); nil when unknown, for all of it.
    var windowNanoseconds: UInt64? = nil
    /// The share of the host's cores its window kept busy, 0...1; nil when unknown, for 1 (a time that
    /// does not shrink with more clients).
    var cpuShare: Double? = nil

    /// The measurement of a cell that took `nanoseconds` and measured `result` on a host of `cores`:
    /// its windows take the measured window plus a warm-up of `warmupRequests` at the window's pace.
    init(
      cell: SweepCell, nanoseconds: UInt64, result: VariantResult, warmupRequests: Int, cores: Int
    ) {
      self.cell = cell
      self.nanoseconds = nanoseconds
      let window = Double(result.windowNanoseconds)
      if result.requests > 0, window > 0 {
        let windows = window * (1 + Double(warmupRequests) / Double(result.requests))
        windowNanoseconds = UInt64(Swift.min(Double(nanoseconds), windows.rounded()))
        if let cpu = result.resources.cpu, cores > 0 {
          cpuShare = Swift.min(1, Double(cpu.totalNanoseconds) / (window * Double(cores)))
        }
      }
    }

    init(
      cell: SweepCell, nanoseconds: UInt64, windowNanoseconds: UInt64? = nil,
      cpuShare: Double? = nil
    ) {
      self.cell = cell
      self.nanoseconds = nanoseconds
      self.windowNanoseconds = windowNanoseconds
      self.cpuShare = cpuShare
    }

    /// The time this cell would take at `concurrency` clients (see the type's rule 4).
    func scaled(to concurrency: Int) -> Double {
      let total = Double(nanoseconds)
      let windows = Double(windowNanoseconds ?? nanoseconds)
      let latencyBound = windows * Double(cell.concurrency) / Double(concurrency)
      let cpuBound = windows * (cpuShare ?? 1)
      return total - windows + Swift.max(latencyBound, cpuBound)
    }
  }

  /// The cells measured so far, in the order they ran.
  var measured: [Measured]
  /// Whether the windows stop by requests, so that more clients finish them sooner.
  var scalesWithClients = true

  /// Nanoseconds the `remaining` cells will take, or nil before any cell was measured.
  func nanosecondsLeft(for remaining: [SweepCell]) -> UInt64? {
    guard !measured.isEmpty else { return nil }
    return remaining.reduce(0) { $0 &+ estimate(for: $1) }
  }

  /// The estimate of one cell by the first rule that has measured cells to go on.
  func estimate(for cell: SweepCell) -> UInt64 {
    if let same = Self.mean(measured.filter { $0.cell == cell }) { return same }
    if let column = Self.mean(measured.filter { Self.sameColumn($0.cell, cell) }) { return column }
    let parallel = measured.filter {
      $0.cell.threads == cell.threads && $0.cell.concurrency == cell.concurrency
    }
    if let others = Self.mean(parallel) {
      let factor = placementFactor(
        cell.variant.decode, over: Set(parallel.map(\.cell.variant.decode)))
      return UInt64((Double(others) * factor).rounded())
    }
    for candidates in [
      measured.filter { $0.cell.variant == cell.variant && $0.cell.threads == cell.threads },
      measured.filter { $0.cell.variant.decode == cell.variant.decode },
      measured,
    ] {
      guard let nearest = Self.nearestConcurrency(to: cell.concurrency, in: candidates) else {
        continue
      }
      let times = candidates.filter { $0.cell.concurrency == nearest }.map { measured in
        scalesWithClients ? measured.scaled(to: cell.concurrency) : Double(measured.nanoseconds)
      }
      return UInt64((times.reduce(0, +) / Double(times.count)).rounded())
    }
    return 0
  }

  /// How much longer cells of `placement` took than cells of `others` at the same client threads and
  /// concurrency: the ratio of their total times over the columns measured at both; 1 when there are
  /// none.
  private func placementFactor(_ placement: DecodePlacement, over others: Set<DecodePlacement>)
    -> Double
  {
    struct Parallelism: Hashable {
      var threads: Int?
      var concurrency: Int
    }
    func parallelism(_ cell: SweepCell) -> Parallelism {
      Parallelism(threads: cell.threads, concurrency: cell.concurrency)
    }
    let mine = measured.filter { $0.cell.variant.decode == placement }
    let theirs = measured.filter { others.contains($0.cell.variant.decode) }
    let shared = Set(mine.map { parallelism($0.cell) }).intersection(
      theirs.map { parallelism($0.cell) })
    guard !shared.isEmpty else { return 1 }
    // Means per column, so a column with more designs measured does not weigh more.
    func total(_ cells: [Measured]) -> Double {
      shared.reduce(0.0) { sum, key in
        sum + Double(Self.mean(cells.filter { parallelism($0.cell) == key }) ?? 0)
      }
    }
    let denominator = total(theirs)
    return denominator > 0 ? total(mine) / denominator : 1
  }

  /// Whether two cells share a matrix column: placement, client threads and concurrency.
  private static func sameColumn(_ left: SweepCell, _ right: SweepCell) -> Bool {
    left.variant.decode == right.variant.decode && left.threads == right.threads
      && left.concurrency == right.concurrency
  }

  /// The concurrency among `cells` nearest `concurrency` by ratio, the lower on a tie; nil for none.
  private static func nearestConcurrency(to concurrency: Int, in cells: [Measured]) -> Int? {
    func distance(_ other: Int) -> Double {
      let ratio = Double(other) / Double(concurrency)
      return ratio >= 1 ? ratio : 1 / ratio
    }
    return cells.map(\.cell.concurrency).min { left, right in
      let (a, b) = (distance(left), distance(right))
      return a == b ? left < right : a < b
    }
  }

  /// The mean nanoseconds of `cells`, or nil for none.
  private static func mean(_ cells: [Measured]) -> UInt64? {
    guard !cells.isEmpty else { return nil }
    let total = cells.reduce(0.0) { $0 + Double($1.nanoseconds) }
    return UInt64((total / Double(cells.count)).rounded())
  }
}
