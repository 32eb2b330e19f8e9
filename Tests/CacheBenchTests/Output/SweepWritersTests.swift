import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The sweep's matrices and CSV, from fixed rows.
struct SweepWritersTests {
  static let plan = SweepPlan(
    designs: [.coalescing, .sharded], placements: [.inside, .outside], shardCounts: [2],
    concurrencies: [8])

  /// Every cell of the plan but the last, with round throughputs and p99s.
  static let matrix = SweepMatrix(
    plan: plan,
    results: [
      (plan.cells[0], SweepMatrixTests.result(plan.cells[0], requests: 1_000, p99: 2_000_000)),
      (plan.cells[1], SweepMatrixTests.result(plan.cells[1], requests: 3_000, p99: 500_000)),
      (plan.cells[2], SweepMatrixTests.result(plan.cells[2], requests: 20_000, p99: 40_000)),
    ])

  @Test func theMatricesShowRatiosToTheReferenceAndItsOwnFigures() {
    let expected = """
      throughput relative to coalescing (one actor) at the same decode and concurrency; higher is better
      variant     inside c=8  outside c=8
      ----------  ----------  -----------
      coalescing       1.00×        1.00×
      sharded(2)       3.00×            -

      p99 latency relative to coalescing (one actor) at the same decode and concurrency; lower is better
      variant     inside c=8  outside c=8
      ----------  ----------  -----------
      coalescing       1.00×        1.00×
      sharded(2)       0.25×            -

      reference   inside c=8  outside c=8
      ----------  ----------  -----------
      throughput     1.00k/s      20.0k/s
      p99             2.00ms       40.0µs

      """
    #expect(SweepMatrixWriter.render(Self.matrix) == expected)
  }

  @Test func theCSVHasOneRecordPerMeasuredCellWithTheSweepColumnsAppended() {
    let text = SweepCSVWriter.render(
      Self.matrix, metadata: OutputFixtures.metadata,
      scenario: { cell in
        var scenario = OutputFixtures.scenario
        scenario.concurrency = cell.concurrency
        return scenario
      }, calibration: { _ in nil })
    let records = text.split(separator: "\r\n", omittingEmptySubsequences: false)
    #expect(
      records.count == 1 + 3 + 1, "header, three cells, and the empty text after the last CRLF")
    #expect(records[0] == SweepCSVWriter.columns.joined(separator: ","))
    #expect(
      SweepCSVWriter.columns.suffix(5) == [
        "sweep_cell", "sweep_cells", "reference_variant", "throughput_ratio", "latency_p99_ratio",
      ])
    #expect(records[1].hasSuffix(",1,4,coalescing,1.0000,1.0000"))
    #expect(records[2].hasSuffix(",2,4,coalescing,3.0000,0.2500"))
    #expect(records[3].hasSuffix(",3,4,coalescing,1.0000,1.0000"))
    let concurrency = CSVWriter.columns.firstIndex(of: "concurrency")!
    let shards = CSVWriter.columns.firstIndex(of: "shards")!
    let fields = records[2].split(separator: ",", omittingEmptySubsequences: false)
    #expect(fields.count == SweepCSVWriter.columns.count)
    #expect(fields[concurrency] == "8")
    #expect(fields[shards] == "2")
  }

  /// A sweep over two client thread counts: a column per thread count, each compared with its own
  /// reference, and the thread count in each CSV record.
  @Test func aThreadsAxisGetsItsOwnColumnsAndCSVField() {
    let plan = SweepPlan(
      designs: [.coalescing, .mutex], placements: [.inside], shardCounts: [1], concurrencies: [8],
      threadCounts: [1, 2])
    let matrix = SweepMatrix(
      plan: plan,
      results: plan.cells.enumerated().map { index, cell in
        (cell, SweepMatrixTests.result(cell, requests: 1_000 * (index + 1), p99: 1_000_000))
      })
    let text = SweepMatrixWriter.render(matrix)
    #expect(
      text.hasPrefix(
        """
        throughput relative to coalescing (one actor) at the same decode, client threads and \
        concurrency; higher is better
        variant     inside t=1 c=8  inside t=2 c=8
        ----------  --------------  --------------
        coalescing           1.00×           1.00×
        mutex                2.00×           1.33×

        """))
    let csv = SweepCSVWriter.render(
      matrix, metadata: OutputFixtures.metadata,
      scenario: { cell in
        var scenario = OutputFixtures.scenario
        scenario.threads = cell.threads
        return scenario
      }, calibration: { _ in nil })
    let threads = CSVWriter.columns.firstIndex(of: "threads")!
    let records = csv.split(separator: "\r\n").dropFirst()
    #expect(
      records.map { $0.split(separator: ",", omittingEmptySubsequences: false)[threads] } == [
        "1", "1", "2", "2",
      ])
  }

  @Test func progressLinesShowTheBarTheCellAndWhatIsLeft() {
    let cell = Self.plan.cells[1]
    let first = SweepCommand.progressLine(
      SweepRunner.Progress(cell: cell, position: 1, total: 4, elapsed: 0, budgetLeft: nil))
    #expect(first == "sweep [....................] 1/4 sharded(2)/inside c=8, 0s elapsed")
    // Two cells of 31 s measured at c=8; the two left are at c=8 too.
    let third = SweepCommand.progressLine(
      SweepRunner.Progress(
        cell: cell, position: 3, total: 4, elapsed: 62_000_000_000,
        budgetLeft: 3_700_000_000_000,
        measured: Self.plan.cells.prefix(2).map { .init(cell: $0, nanoseconds: 31_000_000_000) },
        remaining: Array(Self.plan.cells.suffix(2))))
    #expect(
      third
        == "sweep [##########..........] 3/4 sharded(2)/inside c=8, 1m02s elapsed,"
        + " about 1m02s left (budget: 1h01m left)")
  }

  /// Under `--repeat 3`, the 4 cells are 12 measurements: the fifth is the second run of the plan's
  /// fourth cell (the second pass goes backward).
  @Test func aRepeatedSweepsProgressLineSaysWhichRunOfTheCellItIs() {
    let line = SweepCommand.progressLine(
      SweepRunner.Progress(
        cell: Self.plan.cells[3], position: 5, total: 12, elapsed: 62_000_000_000, budgetLeft: nil,
        repetition: 2, repetitions: 3))
    #expect(
      line
        == "sweep [######..............] 5/12 sharded(2)/outside c=8, run 2/3, 1m02s elapsed")
  }

  /// `coalescing`, `sharded(1)` and `sharded(2)` at two concurrencies, with `sharded(1)` 0.83× and 1.28×
  /// the reference's throughput and 0.95× and 28.6× its p99; at c=64 `sharded(2)` starved most of its
  /// clients and at c=8 its p99 is a thousandth of the reference's.
  static func noisyMatrix() -> SweepMatrix {
    let plan = SweepPlan(
      designs: [.coalescing, .sharded], placements: [.inside], shardCounts: [1, 2],
      concurrencies: [8, 64])
    func result(_ index: Int, requests: Int, p99: UInt64) -> (SweepCell, VariantResult) {
      (plan.cells[index], SweepMatrixTests.result(plan.cells[index], requests: requests, p99: p99))
    }
    var starved = result(5, requests: 5_000, p99: 1_000_000)
    starved.1.clientSpread = ClientSpread(
      requestsPerClient: [4_990] + Array(repeating: 0, count: 9))
    return SweepMatrix(
      plan: plan,
      results: [
        result(0, requests: 1_000, p99: 2_000_000), result(1, requests: 830, p99: 1_900_000),
        result(2, requests: 4_000, p99: 2_000), result(3, requests: 10_000, p99: 100_000),
        result(4, requests: 12_800, p99: 2_860_000), starved,
      ])
  }

  @Test func starvedAndTinyRatiosAreMarkedAndTheTwinGivesTheNoiseFloor() {
    let expected = """
      throughput relative to coalescing (one actor) at the same decode and concurrency; higher is better
      variant     inside c=8  inside c=64
      ----------  ----------  -----------
      coalescing       1.00×        1.00×
      sharded(1)       0.83×        1.28×
      sharded(2)       4.00×        0.50×

      p99 latency relative to coalescing (one actor) at the same decode and concurrency; lower is better
      variant     inside c=8    inside c=64
      ----------  ----------  -------------
      coalescing       1.00×          1.00×
      sharded(1)       0.95×         28.60×
      sharded(2)      <0.01×  n/a (starved)

      reference   inside c=8  inside c=64
      ----------  ----------  -----------
      throughput     1.00k/s      10.0k/s
      p99             2.00ms        100µs
      noise floor: sharded(1) is one coalescing actor like the reference; its ratios to it here, \
      throughput 0.83–1.28× and p99 0.95–28.60× over 2 columns, are what noise alone moved a ratio by

      """
    #expect(SweepMatrixWriter.render(Self.noisyMatrix()) == expected)
  }

  @Test func aStarvedCellsP99RatioIsEmptyInTheCSV() {
    let text = SweepCSVWriter.render(
      Self.noisyMatrix(), metadata: OutputFixtures.metadata,
      scenario: { _ in OutputFixtures.scenario }, calibration: { _ in nil })
    let records = text.split(separator: "\r\n").map {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }
    #expect(records.last?.suffix(2) == ["0.5000", ""])
    #expect(records[3].suffix(2) == ["4.0000", "0.0010"])
  }
}
