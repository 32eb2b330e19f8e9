#ifndef CACHEBENCH_EXECUTOR_CHECK_H
#define CACHEBENCH_EXECUTOR_CHECK_H

#include <stdbool.h>

// Whether the calling code runs on a serial executor, the executor of an actor (default or custom), as
// the Swift concurrency runtime tracks it for the job running on this thread: a run-time question, not
// the isolation the compiler inferred. False on the global concurrent executor, on a task executor
// (`withTaskExecutorPreference`) and outside any task.
//
// It asks the runtime's `swift_task_getCurrentExecutor` (exported by libswift_Concurrency, declared in
// the runtime's include/swift/Runtime/Concurrency.h and used by the standard library's own executor
// checks), which returns the current `SerialExecutorRef`: its identity is the actor, or null for the
// generic executor. The standard library offers no public Swift wrapper that answers without crashing
// (`assumeIsolated` and `preconditionIsolated` trap on a mismatch), and a Swift `@_silgen_name`
// declaration of the entry point clashes with the standard library's own, hence this shim.
bool cachebench_runs_on_serial_executor(void);

// Whether the calling code runs on the serial executor whose identity (the first word of an
// `UnownedSerialExecutor`) is `identity`: the runtime's non-crashing `swift_task_isCurrentExecutorWithFlags`
// with no flags, the check `assumeIsolated` makes before it traps.
bool cachebench_runs_on_executor(const void *identity, unsigned long implementation);

#endif
