// The other half of the cycle started by include_cycle_a.cuh.
#include "include_cycle_a.cuh"
