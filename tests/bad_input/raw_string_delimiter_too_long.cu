// EXPECT-ERROR: error: raw string delimiter longer than 16 characters
__global__ void child(const char *s) {}

__global__ void parent() { child<<<1, 1>>>(R"abcdefghijklmnopqrstuvwxyz(text)abcdefghijklmnopqrstuvwxyz"); }
