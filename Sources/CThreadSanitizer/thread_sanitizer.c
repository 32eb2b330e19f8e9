// Everything is inline in include/thread_sanitizer.h; SwiftPM needs one source file per C target.
#include "thread_sanitizer.h"
