import CacheBenchCore

extension CSVWriter {
  /// The columns that describe the scenario rather than measure it, wherever they stand in the row:
  /// readers (`ResultDocument`, the JSON result) keep them out of the metrics.
  static let scenarioColumns = [
    "seed", "keys", "distribution", "zipf_theta", "concurrency", "requests_target", "duration_s",
    "warmup", "fetch_latency_configured_ns", "payload_bytes", "decode_cost_ns",
    "fetch_latency_distribution", "fail_rate", "ignore_cancellation", "fetch_limit", "rate_target",
    "invalidate_rate", "cancel_rate", "capacity", "ttl_ns", "write_rate", "threads", "caller",
    "cancel_at", "decode_checkpoint",
  ]
}
