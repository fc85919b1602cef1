// EXPECT-ERROR: 4:41: error: kernel 'child' is launched from device code but not defined in this file, and no other file can define it for this one
// A kernel template has no instantiation that another file could name by
// the signature declared here: its definition must be lowered with its launches.
template <int N> extern __global__ void child(int *p);

__global__ void parent(int *p) { child<1><<<1, 1>>>(p); }
