/// The help page `cachebench --help` prints.
///
/// Written by hand to read well; `HelpTextTests` checks that it names every `OptionName`, and
/// `CommandLineParserTests` that the defaults it states are the ones the parser applies.
enum HelpText {
  /// Usage line, purpose, every option with its value form, range, unit and default, and exit codes.
  static let usage = """
    USAGE: cachebench [run] [options]
           cachebench calibrate [--concurrency <n>] [--shards <n>]
           cachebench sweep [options] [--max-time <duration>]

    Drives actor-based cache designs with one identical workload against fake
    fetchers; reports duplicate fetches, latency, actor queue delay, memory, CPU.

    OPTIONS:
      --variants <list>         Cache designs to measure, a comma list of naive,
                                coalescing, sharded, mutex (run in that order).
                                (default: all four)
      --decode <list>           Decode placements, a comma list of inside,
                                outside, none; each design runs once per
                                placement. (default: inside,outside)
      --decode-cost <duration>  CPU work per decode of one payload, 0...1s.
                                (default: 20us)
      --shards <n>              Actors of the sharded design, 1...4096.
                                (default: 8)
      --keys <n>                Distinct keys, 1...10000000. (default: 10000)
      --distribution <kind>     How keys are drawn: uniform or zipf.
                                (default: zipf)
      --zipf-theta <x>          Zipf skew, a decimal > 0 and <= 5; not with
                                uniform. (default: 0.99)
      --seed <n>                Seed of the key sequence,
                                0...18446744073709551615. (default: 1)
      --concurrency <n>         Closed-loop client tasks, 1...4096.
                                (default: 64)
      --requests <n>            Requests per measured window, 1...1000000000;
                                not with --duration. (default: 50000)
      --duration <duration>     Wall time per measured window, > 0 and
                                <= 1440m (24 hours), instead of --requests.
                                (default: none, --requests applies)
      --warmup <n>              Unmeasured warm-up requests before each window,
                                0...1000000000. (default: 2000)
      --latency <duration>      Constant latency of the fake fetcher, 0...60s.
                                (default: 1ms)
      --payload-bytes <n>       Bytes per fetched payload, 1...67108864 (64 MiB).
                                (default: 4096)
      --csv <path>              Also write the results as CSV to <path>;
                                - writes them to stdout. (default: none)
      --max-time <duration>     sweep only: time budget; no cell starts after
                                it, > 0 and <= 1440m. (default: none)
      -h, --help                Show this help and exit.
      --version                 Show the version and exit.

    calibrate measures the floor of each mechanism (clock read, actor call,
    Mutex, task, Task.sleep, harness) and each design's hit path; every run
    measures it too. sweep runs the designs over every decode placement,
    concurrency and shard count, and compares each cell with coalescing:
    its --shards and --concurrency take comma lists and doubling ranges,
    e.g. --shards 1..16 (1,2,4,8,16). (defaults: 1,2,4,8,16 and 1,8,64,256)

    Each option is given at most once, as --name value or --name=value.
    <n> is decimal digits only. <duration> is a number and a unit with no space:
    ns, us (or \u{B5}s), ms, s, m (minutes); e.g. 500ns, 20us, 1.5ms, 30s, 10m.

    EXIT CODES:
      0   success
      1   failure
      2   gate regression
      64  usage error (bad command line)
    """
}
