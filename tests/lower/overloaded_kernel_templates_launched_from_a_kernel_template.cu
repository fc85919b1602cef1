// Overloaded kernel templates launched from a kernel template: in the
// template, clang leaves the call to the overload set and chooses only per
// instantiation. The launch names kernels all the same (LHCb Allen's
// segmented sort launches so); it was refused as a launch "through an
// expression that does not name a kernel". The launchers are overloaded
// like the kernels (those a call of two arguments can call), so the compiler
// of the lowered file chooses.
template <typename K> __global__ void child(const K *keys, unsigned *out) { out[0] = keys[0]; }
template <typename K> __global__ void child(K *keys) { keys[0] = K(); }

template <typename K> __global__ void parent(const K *keys, unsigned *out)
{
    child<K><<<1, 1>>>(keys, out);
}

int main()
{
    parent<unsigned><<<1, 1>>>(nullptr, nullptr);
    return 0;
}
// CHECK: cdpl_launch_child(cdpl_launch_config cdpl_c, const K *p0, unsigned int *p1)
// CHECK: cdpl_launch_child<K>(cdpl_config(1, 1), keys, out);
