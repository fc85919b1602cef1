// EXPECT-LOWERED
// EXPECT-OUTPUT: R"cdp(child<<<1, 1>>>(p); )" blockIdx )cdp"
// EXPECT-OUTPUT: cdpl_launch_child(cdpl_config(1, 1), p)
// The launch-like text inside the raw string must stay as it is.
__global__ void child(int *p) { p[0] = 1; }

__device__ const char *text = R"cdp(child<<<1, 1>>>(p); )" blockIdx )cdp";

__global__ void parent(int *p) { child<<<1, 1>>>(p); }
