// Valgrind client requests for cachebench, as plain functions Swift can call.
//
// The requests are macros in Debian's valgrind headers (package `valgrind`), which Swift cannot call
// directly. Each wrapper is a few instructions and does nothing when the process is not running under
// valgrind, so cachebench calls them unconditionally.
//
// When the headers are missing the wrappers compile to no-ops and `cachebench_valgrind_available()` is 0:
// a plain build never needs valgrind installed. The scripts that run valgrind install the package before
// they build (in a build directory of their own), and fail when a run wrote no window dump, so a silent
// no-op can never pass for a profile.
#ifndef CACHEBENCH_CVALGRIND_H
#define CACHEBENCH_CVALGRIND_H

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>) && __has_include(<valgrind/valgrind.h>)
#define CACHEBENCH_HAS_VALGRIND_HEADERS 1
#include <valgrind/callgrind.h>
#include <valgrind/valgrind.h>
#endif
#endif

/// 1 when the valgrind headers were found at build time, so the requests below are real; 0 otherwise.
static inline int cachebench_valgrind_available(void) {
#ifdef CACHEBENCH_HAS_VALGRIND_HEADERS
  return 1;
#else
  return 0;
#endif
}

/// The number of valgrind layers the process runs under: 0 natively (and always 0 without the headers).
static inline unsigned cachebench_running_on_valgrind(void) {
#ifdef CACHEBENCH_HAS_VALGRIND_HEADERS
  return (unsigned)RUNNING_ON_VALGRIND;
#else
  return 0;
#endif
}

/// Turns callgrind's instrumentation on for every thread (`--instr-atstart=no` starts with it off).
static inline void cachebench_callgrind_start_instrumentation(void) {
#ifdef CACHEBENCH_HAS_VALGRIND_HEADERS
  CALLGRIND_START_INSTRUMENTATION;
#endif
}

/// Turns callgrind's instrumentation off for every thread.
static inline void cachebench_callgrind_stop_instrumentation(void) {
#ifdef CACHEBENCH_HAS_VALGRIND_HEADERS
  CALLGRIND_STOP_INSTRUMENTATION;
#endif
}

/// Flips the collection state of the calling thread only (callgrind keeps it per thread).
static inline void cachebench_callgrind_toggle_collect(void) {
#ifdef CACHEBENCH_HAS_VALGRIND_HEADERS
  CALLGRIND_TOGGLE_COLLECT;
#endif
}

/// Sets every cost counter to zero.
static inline void cachebench_callgrind_zero_stats(void) {
#ifdef CACHEBENCH_HAS_VALGRIND_HEADERS
  CALLGRIND_ZERO_STATS;
#endif
}

/// Writes the costs since the last dump or zeroing to a new dump file whose trigger line names `reason`,
/// then zeroes them.
static inline void cachebench_callgrind_dump_stats_at(const char *reason) {
#ifdef CACHEBENCH_HAS_VALGRIND_HEADERS
  CALLGRIND_DUMP_STATS_AT(reason);
#else
  (void)reason;
#endif
}

/// Runs a valgrind gdbserver monitor command (e.g. massif's `detailed_snapshot FILE`) from inside the
/// process; returns 0 when the tool accepted it and 1 when not. Natively (or without the headers) nothing
/// runs and the result is meaningless, so call it only under valgrind.
static inline unsigned cachebench_valgrind_monitor_command(const char *command) {
#ifdef CACHEBENCH_HAS_VALGRIND_HEADERS
  return (unsigned)VALGRIND_MONITOR_COMMAND(command);
#else
  (void)command;
  return 1;
#endif
}

/// Forks a child that exits at once (`_exit`, after only the fork handlers libraries registered) and waits
/// for it; returns
/// the child's pid, or -1 when the fork failed or the child did not exit with status 0.
///
/// A valgrind tool that writes its profile when the process exits (dhat) writes one for the child, as of
/// the fork: a snapshot of the parent's profile at this instant, in the file its `%p` names for the
/// child's pid. Flushes every stdio stream first. Works natively too, where it only costs a fork.
int cachebench_exit_in_forked_child(void);

#endif
