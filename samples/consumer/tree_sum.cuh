// What tree_sum.cu's kernel and its host check share: the shape of the
// launch tree and the value each element contributes. No launches here:
// cdp-lower lowers launches in the .cu file only.
#pragma once

constexpr int kLeafSize = 1024;   // a range this small is summed by one block
constexpr int kThreads = 256;     // threads per block

__host__ __device__ inline unsigned long long weight(int value)
{
    return static_cast<unsigned long long>(value % 1000) * 3u + 1u;
}
