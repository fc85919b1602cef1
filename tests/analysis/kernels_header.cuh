// Included by launch_in_header.cu.
__global__ void header_child(int n) {}
__global__ void header_parent(int n) { header_child<<<1, 1>>>(n); }
