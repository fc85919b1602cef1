// EXPECT-LOWERED
// EXPECT-OUTPUT: c ? cdpl_launch_first(cdpl_config(1, 1), p) : cdpl_launch_second(cdpl_config(1, 1), p)
// EXPECT-OUTPUT-NOT: <<<
// Launches are expressions: they may appear wherever a void expression may.
__global__ void first(int *p) { p[0] = 1; }
__global__ void second(int *p) { p[0] = 2; }

__global__ void parent(int *p, int c)
{
    c ? first<<<1, 1>>>(p) : second<<<1, 1>>>(p);
    for (first<<<1, 1>>>(p); c > 0; second<<<1, 1>>>(p)) --c;
    (first<<<1, 1>>>(p), second<<<1, 1>>>(p));
}
