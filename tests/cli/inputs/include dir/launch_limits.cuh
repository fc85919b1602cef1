// Included by launch_config.cuh: a header two levels down.
#pragma once

#define CHILD_THREADS 32
