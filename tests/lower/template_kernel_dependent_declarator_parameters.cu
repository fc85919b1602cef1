// A kernel template's parameter whose type is a declarator naming a
// template parameter (a pointer to a function of T, a pointer to rows of
// T) is spelled through `typename cdpl_identity<...>::type`, and the
// launcher's declaration spells it as its definition does: spelled
// otherwise, the two would declare different templates. Written as an array
// or a function (`T rows[][2]`, `T op(T)`), such a parameter is the pointer
// `cdpl_decayed` names, with `typename` too; an array of T is a `T *`, from
// which the launcher deduces T as the kernel does. A record's field whose
// type only names T may be an array or a function once instantiated, and
// goes through `cdpl_decayed` too.
template <class T> __device__ T twice(T x) { return x + x; }

template <class T> __global__ void apply_to_row(T (*rows)[2], T (*op)(T), T *out) { out[0] = op(rows[1][0]); }

template <class T> __global__ void apply_as_written(T rows[][2], T op(T), T *out) { out[0] = op(rows[1][0]); }

template <class T> __global__ void scale(T data[], T by) { data[0] *= by; }

__global__ void parent(int (*rows)[2], int *out)
{
    apply_to_row<int><<<1, 1>>>(rows, twice<int>, out);
    apply_as_written<int><<<1, 1>>>(rows, twice<int>, out);
    scale<<<1, 1>>>(out, 3);
}

int main()
{
    parent<<<1, 1>>>(nullptr, nullptr);
    return 0;
}
// CHECK: void cdpl_launch_apply_to_row(cdpl_launch_config, typename cdpl_identity<T (*)[2]>::type, typename cdpl_identity<T (*)(T)>::type, T *);
// CHECK: struct cdpl_params_apply_to_row { cdpl_body_fn_apply_to_row cdpl_body; typename cdpl_identity<T (*)[2]>::type p0; typename cdpl_identity<T (*)(T)>::type p1; T *p2; };
// CHECK: void cdpl_launch_apply_to_row(cdpl_launch_config cdpl_c, typename cdpl_identity<T (*)[2]>::type p0, typename cdpl_identity<T (*)(T)>::type p1, T *p2)
// CHECK: void cdpl_launch_apply_as_written(cdpl_launch_config, typename cdpl_decayed<T[][2]>::type, typename cdpl_decayed<T (T)>::type, T *);
// CHECK: struct cdpl_params_apply_as_written { cdpl_body_fn_apply_as_written cdpl_body; typename cdpl_decayed<T[][2]>::type p0; typename cdpl_decayed<T (T)>::type p1; T *p2; };
// CHECK: void cdpl_launch_apply_as_written(cdpl_launch_config cdpl_c, typename cdpl_decayed<T[][2]>::type p0, typename cdpl_decayed<T (T)>::type p1, T *p2)
// CHECK: void cdpl_launch_scale(cdpl_launch_config, T *, T);
// CHECK: struct cdpl_params_scale { cdpl_body_fn_scale cdpl_body; T *p0; typename cdpl_decayed<T>::type p1; };
// CHECK: cdpl_launch_scale(cdpl_config(1, 1), out, 3);
