// --report=json gives each kernel parameter's type as its launch record
// holds it, spelled as the lowered code spells it: a parameter written as an
// array or a function is the pointer C++ makes of it (through cdpl_decayed
// where it is not a plain element's), and a declarator type goes through
// cdpl_identity.
__device__ int add_one(int x) { return x + 1; }

__global__ void child(int rows[][2], const float values[3], int op(int), int (*row)[2]) { rows[0][0] = op(row[0][0]) + (int)values[0]; }

__global__ void parent(int (*rows)[2], const float *values)
{
    child<<<1, 1>>>(rows, values, add_one, rows);
}

int main()
{
    parent<<<1, 1>>>(nullptr, nullptr);
    return 0;
}
// CHECK: {"name":"child","line":8,"column":17,"runs_in_runtime":true,"launched_from_device":true,"launches":false,"params":["cdpl_decayed<int[][2]>::type","const float *","cdpl_decayed<int (int)>::type","cdpl_identity<int (*)[2]>::type"]},
