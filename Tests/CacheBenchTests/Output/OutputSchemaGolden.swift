/// The pinned outputs of `OutputSchemaTests.record`: its CSV header, the member paths of its JSON
/// result and of its baseline (sorted), the baseline's metric order, and digests of the three texts.
///
/// Generated: `CACHEBENCH_UPDATE_GOLDEN=1 swift test --filter OutputSchemaTests` rewrites the section
/// between the markers. Regenerate only for a deliberate change to the outputs, in the commit that
/// makes it, and say so in its message.
enum OutputSchemaGolden {
  // golden: begin
  static let csvHeader = """
    timestamp tool_version swift_version git_commit host_cores seed keys distribution zipf_theta
    concurrency requests_target duration_s warmup fetch_latency_configured_ns payload_bytes
    decode_cost_ns variant design decode shards requests hits joins leaders errors cancellations
    fetches duplicate_fetches window_s throughput latency_p50_ns latency_p90_ns latency_p99_ns
    latency_p999_ns latency_p9999_ns latency_max_ns latency_mean_ns fetch_latency_p50_ns
    fetch_latency_p99_ns instructions_per_request allocated_bytes resident_bytes
    allocated_delta_bytes resident_delta_bytes malloc_count mallocs_per_request cached_entries
    bytes_per_entry retained_bytes peak_rss_bytes peak_rss_source rss_bytes cpu_user_s cpu_sys_s
    cpu_total_s ctx_switches_vol ctx_switches_invol actor_wait_p50_ns actor_wait_p99_ns
    actor_wait_p999_ns actor_wait_max_ns actor_service_p50_ns actor_service_p99_ns
    actor_service_p999_ns actor_service_max_ns hit_path_ns hit_path_floor_ratio
    hit_path_untimed_ns hit_path_untimed_floor_ratio floor_clock_read_ns
    floor_histogram_record_ns floor_async_call_ns floor_empty_actor_call_ns
    floor_timing_overhead_ns floor_actor_to_actor_call_ns floor_mutex_uncontended_ns
    floor_mutex_contended_ns floor_mutex_contended_tasks floor_task_creation_ns
    floor_sleep_overshoot_50us_ns floor_sleep_overshoot_1ms_ns floor_sleep_overshoot_10ms_ns
    harness_ns_per_request harness_allocated_bytes_per_request interrupted undrained_clients
    fetch_latency_distribution fail_rate ignore_cancellation fetch_limit fetch_queue_p50_ns
    fetch_queue_p99_ns fetch_queue_max_ns rate_target rate_achieved backlog start_lag_max_ns
    latency_actual_p50_ns latency_actual_p99_ns latency_actual_max_ns invalidate_rate
    cancel_rate invalidations capacity ttl_ns evictions expirations write_rate writes conflicts
    stale_rejected stale_served_after_write sched_delay_p50_ns sched_delay_p99_ns
    sched_delay_p999_ns sched_delay_max_ns sched_delay_samples client_requests_min
    client_requests_median client_requests_max client_fairness clients_starved
    actor_busy_wait_p50_ns actor_busy_wait_p99_ns actor_busy_wait_p999_ns actor_busy_wait_max_ns
    actor_utilisation_max actor_utilisation_mean isolation_domains threads caller
    main_delay_p50_ns main_delay_p99_ns main_delay_max_ns main_delay_samples main_hitches
    main_hangs repetitions ci_level throughput_ci_low throughput_ci_high latency_p50_ci_low_ns
    latency_p50_ci_high_ns latency_p99_ci_low_ns latency_p99_ci_high_ns decodes
    decode_on_actor_share cancel_at decode_checkpoint caller_decodes decodes_elsewhere
    decodes_cancelled decodes_stopped decode_wasted_ns decode_wasted_share decode_wasted_chunks
    hit_path_untimed_reference_ratio floor_reference_coalescing_hit_ns ignored_options hit_ratio
    main_actor_decodes isolation_jobs write_failures
    """
  static let jsonKeys = """
    interrupted kind metadata.git_commit metadata.host_cores metadata.host_name
    metadata.swift_version metadata.timestamp metadata.tool_version scenario.caller
    scenario.cancel_at scenario.cancel_rate scenario.capacity scenario.concurrency
    scenario.decode_checkpoint scenario.decode_cost_ns scenario.distribution scenario.duration_s
    scenario.fail_rate scenario.fetch_latency_configured_ns scenario.fetch_latency_distribution
    scenario.fetch_limit scenario.ignore_cancellation scenario.invalidate_rate scenario.keys
    scenario.payload_bytes scenario.rate_target scenario.requests_target scenario.seed
    scenario.shards scenario.threads scenario.ttl_ns scenario.variants scenario.warmup
    scenario.write_rate scenario.zipf_theta schema variants[].decode variants[].design
    variants[].histograms variants[].metrics.actor_busy_wait_max_ns
    variants[].metrics.actor_busy_wait_p50_ns variants[].metrics.actor_busy_wait_p999_ns
    variants[].metrics.actor_busy_wait_p99_ns variants[].metrics.actor_service_max_ns
    variants[].metrics.actor_service_p50_ns variants[].metrics.actor_service_p999_ns
    variants[].metrics.actor_service_p99_ns variants[].metrics.actor_utilisation_max
    variants[].metrics.actor_utilisation_mean variants[].metrics.actor_wait_max_ns
    variants[].metrics.actor_wait_p50_ns variants[].metrics.actor_wait_p999_ns
    variants[].metrics.actor_wait_p99_ns variants[].metrics.allocated_bytes
    variants[].metrics.allocated_delta_bytes variants[].metrics.backlog
    variants[].metrics.bytes_per_entry variants[].metrics.cached_entries
    variants[].metrics.caller_decodes variants[].metrics.cancellations
    variants[].metrics.ci_level variants[].metrics.client_fairness
    variants[].metrics.client_requests_max variants[].metrics.client_requests_median
    variants[].metrics.client_requests_min variants[].metrics.clients_starved
    variants[].metrics.conflicts variants[].metrics.cpu_sys_s variants[].metrics.cpu_total_s
    variants[].metrics.cpu_user_s variants[].metrics.ctx_switches_invol
    variants[].metrics.ctx_switches_vol variants[].metrics.decode_on_actor_share
    variants[].metrics.decode_wasted_chunks variants[].metrics.decode_wasted_ns
    variants[].metrics.decode_wasted_share variants[].metrics.decodes
    variants[].metrics.decodes_cancelled variants[].metrics.decodes_elsewhere
    variants[].metrics.decodes_stopped variants[].metrics.duplicate_fetches
    variants[].metrics.errors variants[].metrics.evictions variants[].metrics.expirations
    variants[].metrics.fetch_latency_p50_ns variants[].metrics.fetch_latency_p99_ns
    variants[].metrics.fetch_queue_max_ns variants[].metrics.fetch_queue_p50_ns
    variants[].metrics.fetch_queue_p99_ns variants[].metrics.fetches
    variants[].metrics.floor_actor_to_actor_call_ns variants[].metrics.floor_async_call_ns
    variants[].metrics.floor_clock_read_ns variants[].metrics.floor_empty_actor_call_ns
    variants[].metrics.floor_histogram_record_ns variants[].metrics.floor_mutex_contended_ns
    variants[].metrics.floor_mutex_contended_tasks variants[].metrics.floor_mutex_uncontended_ns
    variants[].metrics.floor_reference_coalescing_hit_ns
    variants[].metrics.floor_sleep_overshoot_10ms_ns
    variants[].metrics.floor_sleep_overshoot_1ms_ns
    variants[].metrics.floor_sleep_overshoot_50us_ns variants[].metrics.floor_task_creation_ns
    variants[].metrics.floor_timing_overhead_ns
    variants[].metrics.harness_allocated_bytes_per_request
    variants[].metrics.harness_ns_per_request variants[].metrics.hit_path_floor_ratio
    variants[].metrics.hit_path_ns variants[].metrics.hit_path_untimed_floor_ratio
    variants[].metrics.hit_path_untimed_ns variants[].metrics.hit_path_untimed_reference_ratio
    variants[].metrics.hit_ratio variants[].metrics.hits variants[].metrics.ignored_options
    variants[].metrics.instructions_per_request variants[].metrics.invalidations
    variants[].metrics.isolation_domains variants[].metrics.isolation_jobs
    variants[].metrics.joins variants[].metrics.latency_actual_max_ns
    variants[].metrics.latency_actual_p50_ns variants[].metrics.latency_actual_p99_ns
    variants[].metrics.latency_max_ns variants[].metrics.latency_mean_ns
    variants[].metrics.latency_p50_ci_high_ns variants[].metrics.latency_p50_ci_low_ns
    variants[].metrics.latency_p50_ns variants[].metrics.latency_p90_ns
    variants[].metrics.latency_p9999_ns variants[].metrics.latency_p999_ns
    variants[].metrics.latency_p99_ci_high_ns variants[].metrics.latency_p99_ci_low_ns
    variants[].metrics.latency_p99_ns variants[].metrics.leaders
    variants[].metrics.main_actor_decodes variants[].metrics.main_delay_max_ns
    variants[].metrics.main_delay_p50_ns variants[].metrics.main_delay_p99_ns
    variants[].metrics.main_delay_samples variants[].metrics.main_hangs
    variants[].metrics.main_hitches variants[].metrics.malloc_count
    variants[].metrics.mallocs_per_request variants[].metrics.peak_rss_bytes
    variants[].metrics.peak_rss_source variants[].metrics.rate_achieved
    variants[].metrics.repetitions variants[].metrics.requests variants[].metrics.resident_bytes
    variants[].metrics.resident_delta_bytes variants[].metrics.retained_bytes
    variants[].metrics.rss_bytes variants[].metrics.sched_delay_max_ns
    variants[].metrics.sched_delay_p50_ns variants[].metrics.sched_delay_p999_ns
    variants[].metrics.sched_delay_p99_ns variants[].metrics.sched_delay_samples
    variants[].metrics.stale_rejected variants[].metrics.stale_served_after_write
    variants[].metrics.start_lag_max_ns variants[].metrics.throughput
    variants[].metrics.throughput_ci_high variants[].metrics.throughput_ci_low
    variants[].metrics.undrained_clients variants[].metrics.window_s
    variants[].metrics.write_failures variants[].metrics.writes variants[].shards
    variants[].variant
    """
  static let baselineKeys = """
    interrupted kind metadata.git_commit metadata.host_cores metadata.host_name
    metadata.swift_version metadata.timestamp metadata.tool_version scenario.caller
    scenario.cancel_at scenario.cancel_rate scenario.capacity scenario.concurrency
    scenario.decode_checkpoint scenario.decode_cost_ns scenario.distribution scenario.duration_s
    scenario.fail_rate scenario.fetch_latency_configured_ns scenario.fetch_latency_distribution
    scenario.fetch_limit scenario.ignore_cancellation scenario.invalidate_rate scenario.keys
    scenario.payload_bytes scenario.rate_target scenario.requests_target scenario.seed
    scenario.threads scenario.ttl_ns scenario.warmup scenario.write_rate scenario.zipf_theta
    schema variants[].decode variants[].design variants[].metrics.actor_busy_wait_max_ns
    variants[].metrics.actor_busy_wait_p50_ns variants[].metrics.actor_busy_wait_p999_ns
    variants[].metrics.actor_busy_wait_p99_ns variants[].metrics.actor_service_max_ns
    variants[].metrics.actor_service_p50_ns variants[].metrics.actor_service_p999_ns
    variants[].metrics.actor_service_p99_ns variants[].metrics.actor_utilisation_max
    variants[].metrics.actor_utilisation_mean variants[].metrics.actor_wait_max_ns
    variants[].metrics.actor_wait_p50_ns variants[].metrics.actor_wait_p999_ns
    variants[].metrics.actor_wait_p99_ns variants[].metrics.allocated_bytes
    variants[].metrics.allocated_delta_bytes variants[].metrics.backlog
    variants[].metrics.bytes_per_entry variants[].metrics.cached_entries
    variants[].metrics.caller_decodes variants[].metrics.cancellations
    variants[].metrics.ci_level variants[].metrics.client_fairness
    variants[].metrics.client_requests_max variants[].metrics.client_requests_median
    variants[].metrics.client_requests_min variants[].metrics.clients_starved
    variants[].metrics.conflicts variants[].metrics.cpu_sys_s variants[].metrics.cpu_total_s
    variants[].metrics.cpu_user_s variants[].metrics.ctx_switches_invol
    variants[].metrics.ctx_switches_vol variants[].metrics.decode_on_actor_share
    variants[].metrics.decode_wasted_chunks variants[].metrics.decode_wasted_ns
    variants[].metrics.decode_wasted_share variants[].metrics.decodes
    variants[].metrics.decodes_cancelled variants[].metrics.decodes_elsewhere
    variants[].metrics.decodes_stopped variants[].metrics.duplicate_fetches
    variants[].metrics.errors variants[].metrics.evictions variants[].metrics.expirations
    variants[].metrics.fetch_latency_p50_ns variants[].metrics.fetch_latency_p99_ns
    variants[].metrics.fetch_queue_max_ns variants[].metrics.fetch_queue_p50_ns
    variants[].metrics.fetch_queue_p99_ns variants[].metrics.fetches
    variants[].metrics.floor_actor_to_actor_call_ns variants[].metrics.floor_async_call_ns
    variants[].metrics.floor_clock_read_ns variants[].metrics.floor_empty_actor_call_ns
    variants[].metrics.floor_histogram_record_ns variants[].metrics.floor_mutex_contended_ns
    variants[].metrics.floor_mutex_contended_tasks variants[].metrics.floor_mutex_uncontended_ns
    variants[].metrics.floor_reference_coalescing_hit_ns
    variants[].metrics.floor_sleep_overshoot_10ms_ns
    variants[].metrics.floor_sleep_overshoot_1ms_ns
    variants[].metrics.floor_sleep_overshoot_50us_ns variants[].metrics.floor_task_creation_ns
    variants[].metrics.floor_timing_overhead_ns
    variants[].metrics.harness_allocated_bytes_per_request
    variants[].metrics.harness_ns_per_request variants[].metrics.hit_path_floor_ratio
    variants[].metrics.hit_path_ns variants[].metrics.hit_path_untimed_floor_ratio
    variants[].metrics.hit_path_untimed_ns variants[].metrics.hit_path_untimed_reference_ratio
    variants[].metrics.hit_ratio variants[].metrics.hits
    variants[].metrics.instructions_per_request variants[].metrics.invalidations
    variants[].metrics.isolation_domains variants[].metrics.isolation_jobs
    variants[].metrics.joins variants[].metrics.latency_actual_max_ns
    variants[].metrics.latency_actual_p50_ns variants[].metrics.latency_actual_p99_ns
    variants[].metrics.latency_max_ns variants[].metrics.latency_mean_ns
    variants[].metrics.latency_p50_ci_high_ns variants[].metrics.latency_p50_ci_low_ns
    variants[].metrics.latency_p50_ns variants[].metrics.latency_p90_ns
    variants[].metrics.latency_p9999_ns variants[].metrics.latency_p999_ns
    variants[].metrics.latency_p99_ci_high_ns variants[].metrics.latency_p99_ci_low_ns
    variants[].metrics.latency_p99_ns variants[].metrics.leaders
    variants[].metrics.main_actor_decodes variants[].metrics.main_delay_max_ns
    variants[].metrics.main_delay_p50_ns variants[].metrics.main_delay_p99_ns
    variants[].metrics.main_delay_samples variants[].metrics.main_hangs
    variants[].metrics.main_hitches variants[].metrics.malloc_count
    variants[].metrics.mallocs_per_request variants[].metrics.peak_rss_bytes
    variants[].metrics.rate_achieved variants[].metrics.repetitions variants[].metrics.requests
    variants[].metrics.resident_bytes variants[].metrics.resident_delta_bytes
    variants[].metrics.retained_bytes variants[].metrics.rss_bytes
    variants[].metrics.sched_delay_max_ns variants[].metrics.sched_delay_p50_ns
    variants[].metrics.sched_delay_p999_ns variants[].metrics.sched_delay_p99_ns
    variants[].metrics.sched_delay_samples variants[].metrics.stale_rejected
    variants[].metrics.stale_served_after_write variants[].metrics.start_lag_max_ns
    variants[].metrics.throughput variants[].metrics.throughput_ci_high
    variants[].metrics.throughput_ci_low variants[].metrics.undrained_clients
    variants[].metrics.window_s variants[].metrics.write_failures variants[].metrics.writes
    variants[].shards variants[].variant
    """
  static let baselineMetricOrder = """
    requests hits joins leaders errors cancellations fetches duplicate_fetches window_s
    throughput latency_p50_ns latency_p90_ns latency_p99_ns latency_p999_ns latency_p9999_ns
    latency_max_ns latency_mean_ns fetch_latency_p50_ns fetch_latency_p99_ns
    instructions_per_request allocated_bytes resident_bytes allocated_delta_bytes
    resident_delta_bytes malloc_count mallocs_per_request cached_entries bytes_per_entry
    retained_bytes peak_rss_bytes rss_bytes cpu_user_s cpu_sys_s cpu_total_s ctx_switches_vol
    ctx_switches_invol actor_wait_p50_ns actor_wait_p99_ns actor_wait_p999_ns actor_wait_max_ns
    actor_service_p50_ns actor_service_p99_ns actor_service_p999_ns actor_service_max_ns
    hit_path_ns hit_path_floor_ratio hit_path_untimed_ns hit_path_untimed_floor_ratio
    floor_clock_read_ns floor_histogram_record_ns floor_async_call_ns floor_empty_actor_call_ns
    floor_timing_overhead_ns floor_actor_to_actor_call_ns floor_mutex_uncontended_ns
    floor_mutex_contended_ns floor_mutex_contended_tasks floor_task_creation_ns
    floor_sleep_overshoot_50us_ns floor_sleep_overshoot_1ms_ns floor_sleep_overshoot_10ms_ns
    harness_ns_per_request harness_allocated_bytes_per_request undrained_clients
    fetch_queue_p50_ns fetch_queue_p99_ns fetch_queue_max_ns rate_achieved backlog
    start_lag_max_ns latency_actual_p50_ns latency_actual_p99_ns latency_actual_max_ns
    invalidations evictions expirations writes conflicts stale_rejected stale_served_after_write
    sched_delay_p50_ns sched_delay_p99_ns sched_delay_p999_ns sched_delay_max_ns
    sched_delay_samples client_requests_min client_requests_median client_requests_max
    client_fairness clients_starved actor_busy_wait_p50_ns actor_busy_wait_p99_ns
    actor_busy_wait_p999_ns actor_busy_wait_max_ns actor_utilisation_max actor_utilisation_mean
    isolation_domains main_delay_p50_ns main_delay_p99_ns main_delay_max_ns main_delay_samples
    main_hitches main_hangs repetitions ci_level throughput_ci_low throughput_ci_high
    latency_p50_ci_low_ns latency_p50_ci_high_ns latency_p99_ci_low_ns latency_p99_ci_high_ns
    decodes decode_on_actor_share caller_decodes decodes_elsewhere decodes_cancelled
    decodes_stopped decode_wasted_ns decode_wasted_share decode_wasted_chunks
    hit_path_untimed_reference_ratio floor_reference_coalescing_hit_ns hit_ratio
    main_actor_decodes isolation_jobs write_failures
    """
  static let csvDigest = "be2fe2714d27fdff"
  static let jsonDigest = "657a4e2e40b96d33"
  static let baselineDigest = "86fde121698822e0"
  // golden: end
}
