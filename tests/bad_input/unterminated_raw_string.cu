// EXPECT-ERROR: error:
__global__ void child(const char *s) {}

__global__ void parent()
{
    child<<<1, 1>>>(R"cdp(the raw string never ends, even past )" and )cdp but not both);
}
