#include "executor_check.h"

#include <stdint.h>

// The runtime's SerialExecutorRef (include/swift/ABI/Executor.h): an identity (the actor, or null for the
// generic executor) and an implementation word (the executor's witness table and flags), two words
// passed and returned in registers under the Swift calling convention.
typedef struct {
  const void *identity;
  uintptr_t implementation;
} cachebench_serial_executor_ref;

__attribute__((swiftcall)) cachebench_serial_executor_ref swift_task_getCurrentExecutor(void);
__attribute__((swiftcall)) bool swift_task_isCurrentExecutorWithFlags(
    cachebench_serial_executor_ref executor, uint64_t flags);

bool cachebench_runs_on_serial_executor(void) {
  return swift_task_getCurrentExecutor().identity != 0;
}

bool cachebench_runs_on_executor(const void *identity, unsigned long implementation) {
  cachebench_serial_executor_ref executor = {identity, implementation};
  return swift_task_isCurrentExecutorWithFlags(executor, 0);
}
