// Device-side malloc and free after `using namespace std;`, which clang 19
// alone finds ambiguous; in a header, so the header is read in only when
// that error does not count.
#include <cstdlib>
using namespace std;

__global__ void heap_child(int *p) { p[0] = 1; }

__global__ void heap_parent(int n)
{
    int *p = (int *)malloc(n * sizeof(int));
    heap_child<<<1, 1>>>(p);
    free(p);
}
