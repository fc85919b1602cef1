// A recursive kernel, tail-launching itself.
__global__ void walk(int depth)
{
    if (depth > 0) walk<<<1, 1, 0, cudaStreamTailLaunch>>>(depth - 1);
}

int main()
{
    walk<<<1, 1>>>(4);
    return 0;
}
