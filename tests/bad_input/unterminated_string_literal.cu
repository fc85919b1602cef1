// EXPECT-ERROR: 6:21: error: expected expression
__global__ void child(const char *s) {}

__global__ void parent()
{
    child<<<1, 1>>>("never closed);
}
