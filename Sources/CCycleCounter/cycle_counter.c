// The header holds the counter read (a static inline function Swift can inline); this file holds the
// clock scale's storage, which a header cannot define.
#include "cycle_counter.h"

uint64_t cachebench_clock_scale_storage = 0;
