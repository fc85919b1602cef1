// Included by launch_if_defined.cu; includes launch_limits.cuh in turn.
#pragma once
#include "launch_limits.cuh"

#define CHILD_VALUE 7
