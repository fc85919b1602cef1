/* The device side of the cdpl runtime: what lowered code includes.
 *
 * A device-side launch becomes cdpl_launch(): it takes a record from the
 * pool, links it into its stream, and makes it ready once nothing it depends
 * on is pending. Ready records are grouped per (kernel, block shape) and run
 * by the host in waves (rt/src/drain.c). docs/design.md explains the scheme;
 * docs/semantics.md maps each CDP2 rule onto it.
 *
 * Nothing here names a user's __global__ function: kernels are ids. */
#ifndef CDPL_CUH
#define CDPL_CUH

#include "cdpl_context.cuh"
#include "cdpl_rings.cuh"
#include "cdpl_schedule.cuh"
#include "cdpl_live_queue.cuh"
#include "cdpl_completion.cuh"
#include "cdpl_launch.cuh"
#include "cdpl_entry.cuh"
#include "cdpl_scheduler_kernels.cuh"
#include "cdpl_device_api.cuh"
#include "cdpl_kernel_queries.cuh"
#include "cdpl_host_names.cuh"

#endif
