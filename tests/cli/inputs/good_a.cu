// A parent that launches a child from the device: needs lowering.
__global__ void child(int *out) { out[0] = 1; }

__global__ void parent(int *out)
{
    child<<<1, 1>>>(out);
}

int main()
{
    parent<<<1, 1>>>(nullptr);
    return 0;
}
