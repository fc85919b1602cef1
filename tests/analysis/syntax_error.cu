// The host-side parse's errors are the user's errors, with file:line:col.
__global__ void child(int n) {}

__global__ void parent(int n)
{
    child<<<1, 1>>>(n)
    int missing_semicolon_above = undeclared_name;
}
// CHECK: error 6:23 expected ';' after expression
// CHECK: error 7:35 use of undeclared identifier 'undeclared_name'
