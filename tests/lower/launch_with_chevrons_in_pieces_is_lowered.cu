// Device-side launches written with their chevrons in pieces, as Visual
// Studio's formatter writes them (`<<` and `<` apart, `>>` and `>` too),
// with a comment or a line break between: nvcc reads each as a launch,
// libclang does not.
// The tool once wrote such a file unchanged with exit 0 (and the output did
// not compile without -rdc), then refused it; each is lowered now. Shifts,
// template argument lists closed with `> >` and `operator<<` with template
// arguments outside launches are no chevrons of a launch and stay as they are.
template <typename T> struct box { T value; };
template <typename T> struct shelf { box<box<T> > items; };

struct sink {};
template <typename T> __device__ sink &operator<<(sink &s, T) { return s; }
__device__ sink &print_twice(sink &s, int v) { return operator<< <int>(s, v) << v; }

__global__ void child(int *p, int shift) { p[threadIdx.x] = 1 << shift; }

__global__ void parent(int *p)
{
    shelf<int> kept;
    kept.items.value.value = p[0] >> 2;
    child << <1, 32 >> > (p, 1);
    child<< /* a comment */ <(p[0] >> 1) + 1, 32>> >(p, kept.items.value.value >> 1);
    child <<
        <1, 32>>
        > (p, 3);
    child<<<1, 32>> >(p, 4);
}

int main()
{
    child << <1, 32 >> > (nullptr, 0);
    return 0;
}
// CHECK: box<box<T> > items;
// CHECK: return operator<< <int>(s, v) << v;
// CHECK: cdpl_launch_child (cdpl_config( 1, 32 )  , p, 1);
// CHECK: cdpl_launch_child(cdpl_config( /* a comment */ (p[0] >> 1) + 1, 32) , p, kept.items.value.value >> 1);
// CHECK: cdpl_launch_child (cdpl_config(
// CHECK: cdpl_launch_child(cdpl_config(1, 32) , p, 4);
// CHECK: cdpl_launch_child (cdpl_config( 1, 32 )  , nullptr, 0);
// CHECK-NOT: << <1
// CHECK-NOT: >> >
// CHECK-ERR-NOT: error
