// kernels.cuh: the kernels of the kernels_across_files program, each
// defined in one file and used in others, as `nvcc -rdc=true` allows:
//   leaf.cu   defines `leaf`, which launches nothing: the file needs no
//             lowering and comes out unchanged;
//   mark.cu   defines `mark`, which launches `leaf` from device code;
//   tree.cu   defines `tree`, which launches itself, `mark` and `leaf`
//             from device code: kernels of two other files;
//   main.cu   asks about `tree` (attributes, occupancy) and launches it
//             from the host with <<<>>> and with cudaLaunchKernel;
//   host_launch.cu  only launches `tree` from the host with <<<>>>: it
//             needs no lowering, so its launch reaches `tree`'s own name.
#ifndef KERNELS_ACROSS_FILES_CUH
#define KERNELS_ACROSS_FILES_CUH

#include <cuda_runtime.h>

// Adds `value` to sums[slot] once per block.
__global__ void leaf(unsigned int *sums, unsigned int slot, unsigned int value);
// Launches `count` leaves of value `value` into sums[slot].
__global__ void mark(unsigned int *sums, unsigned int slot, unsigned int count, unsigned int value);
// A binary tree `depth` levels deep: each node marks its level, each last
// level node adds a leaf.
__global__ void tree(unsigned int *sums, unsigned int depth);

// host_launch.cu: runs tree(sums, depth) with <<<>>> and synchronizes.
void launch_tree_from_a_file_without_lowering(unsigned int *sums, unsigned int depth);

#endif
