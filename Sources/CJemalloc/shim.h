#ifndef CACHEBENCH_CJEMALLOC_SHIM_H
#define CACHEBENCH_CJEMALLOC_SHIM_H

// Debian's jemalloc is built without a symbol prefix, so mallctl is the real entry point and
// linking this library makes jemalloc the allocator of the whole process, Swift runtime included.
#include <jemalloc/jemalloc.h>

#endif
