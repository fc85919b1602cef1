// A kernel parameter written as an array or as a function, by itself or
// through a typedef, is a pointer (C++ adjusts its type): the record holds
// the pointer, and the launcher and the body take pointers, so the entry can
// pass the record's values on. An array of a plain element is `E *`; any
// other is the pointer `cdpl_decayed` names.
__device__ int add_one(int x) { return x + 1; }

typedef int row_t[2];
typedef int unary_t(int);

__global__ void child(int rows[][2], const float values[3], int op(int), int n)
{
    rows[0][0] = op(n) + (int)values[0];
}

template <int N> __global__ void sized(float data[N]) { data[0] = N; }

__global__ void through_typedefs(const row_t row, unary_t op) { (void)op(row[0]); }

__global__ void parent(int (*rows)[2], const float *values)
{
    child<<<1, 1>>>(rows, values, add_one, 3);
    sized<4><<<1, 1>>>(nullptr);
    through_typedefs<<<1, 1>>>(rows[0], add_one);
}

int main()
{
    parent<<<1, 1>>>(nullptr, nullptr);
    return 0;
}
// CHECK: struct cdpl_params_child { cdpl_decayed<int[][2]>::type p0; const float *p1; cdpl_decayed<int (int)>::type p2; int p3; };
// CHECK: child(cdpl_p.p0, cdpl_p.p1, cdpl_p.p2, cdpl_p.p3);
// CHECK: struct cdpl_params_bound_sized { cdpl_body_fn_sized cdpl_body; float *p0; };
// CHECK: struct cdpl_params_through_typedefs { cdpl_decayed<const row_t>::type p0; cdpl_decayed<unary_t>::type p1; };
