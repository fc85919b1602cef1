// Includes include_cycle_b.cuh, which includes this header again: neither
// has an include guard.
#include "include_cycle_b.cuh"
