// EXPECT-ERROR: 4:41: error: kernel template 'child' is launched from device code but defined in another file
// A kernel template has no instantiation that another file could name by
// the signature declared here: its definition must be lowered with its launches.
template <int N> extern __global__ void child(int *p);

__global__ void parent(int *p) { child<1><<<1, 1>>>(p); }
