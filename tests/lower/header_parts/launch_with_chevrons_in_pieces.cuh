// A device-side launch with its chevrons in pieces, in a header (see
// launch_with_chevrons_in_pieces_in_a_header_is_lowered.cu).
__global__ void child(int *p);

__device__ void start_child(int *p)
{
    child << <1, 32 >> > (p);
}
