// Most wrappers are static inline in include/CValgrind.h; the one that forks lives here.
#include "CValgrind.h"

#include <errno.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int cachebench_exit_in_forked_child(void) {
  // Under valgrind a child's exit runs libc's freeres, which flushes the child's copy of any unwritten
  // stdio output: written now, it is written once.
  fflush(NULL);
  pid_t child = fork();
  if (child == 0) {
    _exit(0);
  }
  if (child < 0) {
    return -1;
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) {
      return -1;
    }
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? (int)child : -1;
}
