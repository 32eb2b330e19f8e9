// Everything is in the header (a static inline function Swift can inline); SwiftPM needs one source file
// for a C target.
#include "cycle_counter.h"
