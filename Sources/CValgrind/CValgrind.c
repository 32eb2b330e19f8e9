// Every wrapper is static inline in include/CValgrind.h; SwiftPM needs one source file to build the target.
#include "CValgrind.h"
