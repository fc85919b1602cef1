// EXPECT-LOWERED
// EXPECT-OUTPUT: cdpl_launch_child(cdpl_config(2, 1), p)
// Digraphs spell the braces of both kernels: the support code goes after `%>`.
__global__ void child(int *p) <% p[blockIdx.x] = 1; %>

__global__ void parent(int *p) <% child<<<2, 1>>>(p); %>
