/* cdpl-quick-scan-cases: runs the quick scan (analysis/quick_scan.h) on
 * small inputs, each with the headers it includes, and checks its answer:
 * "unchanged" only where the file certainly needs no lowering, "parse"
 * wherever device code may hold what lowering rewrites or the scan cannot
 * be sure. Each case is written to a directory of its own, with inc/ on
 * the include path (-I) and sys/ as a system directory (-isystem). Exit
 * status 1 when a case gets another answer, naming it and the scan's reason. */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "quick_scan.h"

enum { UNCHANGED, PARSE };

typedef struct file {
    const char *path; /* relative to the case's directory */
    const char *text;
} file;

typedef struct scan_case {
    const char *name;
    int expected;
    const char *input;
    file headers[3];
    const char *args[3];   /* after -I inc -isystem sys */
    int headers_listed;    /* -1: not checked */
} scan_case;

#define KERNEL "__global__ void child(int *p) { p[0] = 1; }\n"

static const scan_case cases[] = {
    /* What must not send a file to the parse. */
    {"host launches and host API calls", UNCHANGED,
     KERNEL "int main() {\n  int *p; cudaMalloc(&p, 4);\n  child<<<1, 1>>>(p);\n  cudaGetLastError();\n"
            "  cudaDeviceSynchronize();\n  cudaStream_t s = cudaStreamPerThread;\n"
            "  cudaMemcpy(p, p, 4, cudaMemcpyDefault);\n"
            "  cudaFree(p);\n}\n",
     {{0}}, {0}, 0},
    {"a kernel of another file launched with <<<>>>, one of this file asked about", UNCHANGED,
     "__global__ void solve(float *x);\n" KERNEL
     "void go(float *x, cudaFuncAttributes *a) { solve<<<1, 1>>>(x); cudaFuncGetAttributes(a, child); }\n",
     {{0}}, {0}, 0},
    {"launches and API names in comments, strings and characters", UNCHANGED,
     "__global__ void k(int *p) {\n  // child<<<1, 1>>>(p);\n  /* cudaGetLastError(); */\n"
     "  printf(\"child<<<1, 1>>>(p); cudaMalloc\");\n  char c = '<'; const char *r = R\"x(cudaFree<<<)x\";\n"
     "  const char *joined = \"a\\\n<<<\";\n}\n",
     {{0}}, {0}, 0},
    {"a device launch under #if 0", UNCHANGED,
     KERNEL "__global__ void parent(int *p) {\n#if 0\n  child<<<1, 1>>>(p);\n  { unbalanced\n#endif\n}\n", {{0}},
     {0}, 0},
    {"the branch after #if 1 is not compiled", UNCHANGED,
     KERNEL "#if 1\nvoid host(int *p) { child<<<1, 1>>>(p); }\n#else\n"
            "__device__ void f(int *p) { child<<<1, 1>>>(p); }\n"
            "#endif\n",
     {{0}}, {0}, 0},
    {"a host macro holding API calls, used in host code", UNCHANGED,
     KERNEL "#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) \\\n"
            "    printf(\"%s\", cudaGetErrorString(e)); } while (0)\n"
            "void run(int *p) { if (p) CHECK(cudaMalloc(&p, 4)); CHECK((child<<<1, 1>>>(p), cudaGetLastError())); }\n",
     {{0}}, {0}, 0},
    {"host member functions launch, device ones do not", UNCHANGED,
     KERNEL "struct Tree : public Base<int> {\n  int *p;\n  Tree() : p{nullptr} { cudaMalloc(&p, 4); }\n"
            "  __device__ int get() const { return p[0]; }\n  void run() { child<<<1, 1>>>(p); }\n"
            "public:\n  __host__ void again();\n};\nvoid Tree::again() { child<<<1, 1>>>(p); }\n",
     {{0}}, {0}, 0},
    {"namespaces and extern \"C\" around host launches", UNCHANGED,
     "namespace gpu { namespace {\n" KERNEL "} }\nextern \"C\" {\nvoid run(int *p) { gpu::child<<<1, 1>>>(p); }\n}\n"
     "extern \"C\" void again(int *p) { gpu::child<<<2, 1>>>(p); }\n",
     {{0}}, {0}, 0},
    {"host lambdas and host templates launch", UNCHANGED,
     "template <int N> __global__ void k(int *p) { p[N] = N; }\n"
     "template <int N, typename = void> void run(int *p) { k<N><<<1, 1>>>(p); }\n"
     "void all(int *p) { auto go = [&](int n) { k<1><<<n, 1>>>(p); }; go(2); run<3>(p); }\n",
     {{0}}, {0}, 0},
    {"CUDA's intrinsics and a __lower-case function of the file (NVIDIA's cdpBitonicSort) in device code",
     UNCHANGED,
     "static __device__ __forceinline__ unsigned __btflo(unsigned w) { return 31 - __clz(w); }\n"
     "__global__ void sort(unsigned *p) { p[0] = 1u << __btflo(__ldg(p + 1)); __syncthreads();\n"
     "  p[2] = __shfl_down_sync(0xffffffffu, p[3], 1); }\n",
     {{0}}, {0}, 0},
    {"a device function of the file named in capitals, as macros are", UNCHANGED,
     "__device__ int CLAMP(int x) { return x < 0 ? 0 : x; }\n"
     "__global__ void fit(int *p) { p[0] = CLAMP(p[1]); }\n",
     {{0}}, {0}, 0},
    {"operator<< of a template is no launch", UNCHANGED,
     "template <class T> struct Box;\ntemplate <class T> std::ostream &operator<<(std::ostream &, const Box<T> &);\n"
     "template <class T> struct Box { friend std::ostream &operator<<<T>(std::ostream &, const Box &); };\n"
     "template <class T> struct Bag { friend std::ostream &operator<< <T>(std::ostream &, const Bag &); };\n",
     {{0}}, {0}, 0},
    {"device code under #ifdef __CUDA_ARCH__ with nothing to lower", UNCHANGED,
     "__device__ int lane() {\n#ifdef __CUDA_ARCH__\n  return threadIdx.x % 32;\n#else\n  return 0;\n#endif\n}\n",
     {{0}}, {0}, 0},
    {"a system header is never read", UNCHANGED,
     "#include <lib.cuh>\n#include <cub_like/missing.cuh>\n" KERNEL "void run(int *p) { child<<<1, 1>>>(p); }\n",
     {{"sys/lib.cuh", "__global__ void libk() { libk<<<1, 1>>>(); }\n"}}, {0}, 0},
    {"nested user headers of host code are read and listed", UNCHANGED,
     "#include \"local.cuh\"\nvoid run(int *p) { child<<<1, 1>>>(p); }\n",
     {{"local.cuh", "#pragma once\n#include <nested.cuh>\n#include \"local.cuh\"\n"},
      {"inc/nested.cuh", KERNEL "#include <lib.cuh>\n"},
      {"sys/lib.cuh", "__global__ void libk() { libk<<<1, 1>>>(); }\n"}},
     {0}, 2},
    {"-D macros that mean nothing to lowering", UNCHANGED,
     KERNEL "void run(int *p) { child<<<BLOCKS, 1>>>(p); cudaThreadSynchronize(); }\n",
     {{0}}, {"-DcudaThreadSynchronize=cudaDeviceSynchronize", "-D", "BLOCKS=4"}, 0},
    {"a member function of the user's named like the CUDA runtime's", UNCHANGED,
     "struct Graph { long cudaCopy(struct Graph &to); __device__ int size(); };\n"
     "long Graph::cudaCopy(struct Graph &to) { return cudaMemcpy(&to, this, 8, cudaMemcpyDefault); }\n",
     {{0}}, {0}, 0},
    {"a host member named as another class's device member", UNCHANGED,
     "struct List { __device__ void init(); };\nstruct Space { void init(); };\n"
     "inline __device__ void List::init() {}\ninline void Space::init() { cudaMalloc(&p, 4); }\n",
     {{0}}, {0}, 0},
    {"a host overload of a function declared __host__ __device__", UNCHANGED,
     "__host__ __device__ int size(int n);\n__host__ __device__ int size(int n) { return n; }\n"
     "template <class T> __host__ int size(T t) { cudaFuncAttributes a; cudaFuncGetAttributes(&a, t); return 0; }\n",
     {{0}}, {0}, 0},
    {"CUDA runtime types and constants in device code", UNCHANGED,
     "__device__ cudaError_t last;\n"
     "__global__ void k(cudaStream_t s, int *p) { if (last == cudaSuccess) p[0] = cudaMemcpyDeviceToHost; }\n",
     {{0}}, {0}, 0},
    {"a host function whose header holds a user macro", UNCHANGED,
     "#define API static inline\n#define CUDA_CALL(x) x\n" KERNEL
     "API void run(int *p) { CUDA_CALL(cudaMalloc(&p, 4)); child<<<1, 1>>>(p); }\n",
     {{0}}, {0}, 0},

    /* What must. */
    {"a device-side launch", PARSE, KERNEL "__global__ void parent(int *p) { child<<<1, 1>>>(p); }\n", {{0}}, {0}, -1},
    {"a device-side launch with blanks inside its chevrons, as nvcc reads it", PARSE,
     KERNEL "__global__ void parent(int *p) { child << <1, 1 >> > (p); }\n", {{0}}, {0}, -1},
    {"the address of a kernel that another file defines, in host code", PARSE,
     "__global__ void solve(float *x);\nvoid size(cudaFuncAttributes *a) { cudaFuncGetAttributes(a, solve); }\n",
     {{0}}, {0}, -1},
    {"a system header's macro called in device code", PARSE,
     "#include <launcher.h>\n" KERNEL "__global__ void parent(int *p) { LIBRARY_LAUNCH(child, p); }\n",
     {{"sys/launcher.h", "#define LIBRARY_LAUNCH(k, ...) k<<<1, 1>>>(__VA_ARGS__)\n"}}, {0}, -1},
    {"cudaLaunchKernel in host code", PARSE,
     KERNEL "void go(void **args) { cudaLaunchKernel((const void *)child, 1, 1, args, 0, 0); }\n", {{0}}, {0}, -1},
    {"a device API call in a device function", PARSE,
     "__device__ int check() { return cudaGetLastError() == cudaSuccess; }\n", {{0}}, {0}, -1},
    {"a device API call in a host device function", PARSE,
     "__host__ __device__ void *get(size_t n) { void *p; cudaMalloc(&p, n); return p; }\n", {{0}}, {0}, -1},
    {"another CUDA runtime function called in device code", PARSE,
     KERNEL "__global__ void parent(int *p) {\n  void *a[] = {&p};\n"
            "  cudaLaunchKernel((const void *)child, dim3(1), dim3(1), a, 0, 0);\n}\n",
     {{0}}, {0}, -1},
    {"a macro that ends with a CUDA runtime name, called in device code", PARSE,
     "#define COPY cudaMemcpy\n__device__ void f(int *p, int *q) { COPY(p, q, 4, cudaMemcpyDeviceToDevice); }\n",
     {{0}}, {0}, -1},
    {"a member declared __device__ and defined without it", PARSE,
     "struct S { __device__ void check(); };\nvoid S::check() { cudaGetLastError(); }\n", {{0}}, {0}, -1},
    {"a member of a class template declared __device__ and defined without it", PARSE,
     "template <class T> struct S { __device__ void check(); };\n"
     "template <class T> void S<T>::check() { cudaGetLastError(); }\n",
     {{0}}, {0}, -1},
    {"a function declared __device__ and defined without it", PARSE,
     "__device__ void check();\nvoid check() { cudaGetLastError(); }\n", {{0}}, {0}, -1},
    {"a special stream in device code", PARSE,
     "__global__ void k() { cudaStream_t s = cudaStreamFireAndForget; (void)s; }\n", {{0}}, {0}, -1},
    {"a macro that means __device__", PARSE,
     "#define HD __host__ __device__\n#define API HD inline\n" KERNEL "API void run(int *p) { child<<<1, 1>>>(p); }\n",
     {{0}}, {0}, -1},
    {"a macro holding a launch, used in a kernel", PARSE,
     KERNEL "#define LAUNCH(x) child<<<1, 1>>>(x)\n__global__ void parent(int *p) { LAUNCH(p); }\n", {{0}}, {0}, -1},
    {"a -D macro holding a device API name, used in a kernel", PARSE,
     "__global__ void k() { cudaThreadSynchronize(); }\n", {{0}},
     {"-DcudaThreadSynchronize=cudaDeviceSynchronize"}, -1},
    {"a pasted name in device code", PARSE,
     "#define CUDA(f) cuda##f\n__device__ void f() { CUDA(GetLastError)(); }\n", {{0}}, {0}, -1},
    {"a device lambda in a host function that launches", PARSE,
     KERNEL "void run(int *p) {\n  auto f = [=] __device__ (int i) { return i; };\n  child<<<1, 1>>>(p);\n}\n",
     {{0}}, {0}, -1},
    {"a lambda's mark a system header defines, in a host function that launches", PARSE,
     KERNEL "void run(int *p) {\n  child<<<1, 1>>>(p);\n  auto f = [=](int i) _CCCL_DEVICE { return i; };\n}\n",
     {{0}}, {0}, -1},
    {"an API call under #ifdef __CUDA_ARCH__ in a host function", PARSE,
     "void run() {\n#ifdef __CUDA_ARCH__\n  cudaGetLastError();\n#endif\n}\n", {{0}}, {0}, -1},
    {"an API call under an #if of a macro that tests __CUDA_ARCH__", PARSE,
     "#if defined(__CUDA_ARCH__)\n#define ON_GPU 1\n#endif\n"
     "void run() {\n#if ON_GPU\n  cudaGetLastError();\n#endif\n}\n",
     {{0}}, {0}, -1},
    {"a recursive kernel template", PARSE,
     "template <int N> __global__ void k(int *p) { if (N > 0) k<N - 1><<<1, 1>>>(p); }\n", {{0}}, {0}, -1},
    {"a device member function defined in its class", PARSE,
     KERNEL "template <class T> class Tree { public: __device__ void grow(int *p) { child<<<1, 1>>>(p); } };\n",
     {{0}}, {0}, -1},
    {"a device constructor with braces in its initializers", PARSE,
     "struct S { int m; __device__ S() : m{1} { cudaGetLastError(); } };\n", {{0}}, {0}, -1},
    {"a kernel in extern \"C\" and a namespace", PARSE,
     "namespace a { extern \"C\" {\n" KERNEL "__global__ void parent(int *p) { child<<<1, 1>>>(p); }\n} }\n",
     {{0}}, {0}, -1},
    {"a device function marked by a GNU attribute", PARSE,
     "__attribute__((device)) void f() { cudaGetLastError(); }\n", {{0}}, {0}, -1},
    {"a function headed by a macro no file read defines", PARSE,
     "CUB_RUNTIME_FUNCTION cudaError_t f() { return cudaGetLastError(); }\n", {{0}}, {0}, -1},
    {"a special stream outside any function", PARSE, "cudaStream_t s = cudaStreamPerThread;\n", {{0}}, {0}, -1},
    {"a standard header forced by -include", UNCHANGED, KERNEL "int main() { child<<<1, 1>>>(0); }\n", {{0}},
     {"-include", "functional"}, 0},
    {"a launch in a device lambda at namespace scope", PARSE,
     KERNEL "auto f = [] __device__ (int *p) { child<<<1, 1>>>(p); };\n", {{0}}, {0}, -1},
    {"a device launch in a user header", PARSE, "#include <kernels.cuh>\n",
     {{"inc/kernels.cuh", KERNEL "__global__ void parent(int *p) { child<<<1, 1>>>(p); }\n"}}, {0}, -1},
    {"a device launch in a header of a header", PARSE, "#include \"outer.cuh\"\n",
     {{"outer.cuh", "#include \"inner.cuh\"\n"},
      {"inner.cuh", KERNEL "__global__ void parent(int *p) { child<<<1, 1>>>(p); }\n"}},
     {0}, -1},
    {"a header read inside a kernel", PARSE, "__global__ void k() {\n#include \"body.inc\"\n}\n",
     {{"body.inc", "cudaGetLastError();\n"}}, {0}, -1},
    {"a forced include with a device launch", PARSE, "int x;\n",
     {{"inc/forced.cuh", KERNEL "__global__ void parent(int *p) { child<<<1, 1>>>(p); }\n"}},
     {"-include", "inc/forced.cuh"}, -1},
    {"a quoted include found nowhere", PARSE, "#include \"missing.cuh\"\n", {{0}}, {0}, -1},
    {"#include_next", PARSE, "#include_next <lib.cuh>\n", {{0}}, {0}, -1},
    {"an #include named by a macro", PARSE, "#define H \"local.cuh\"\n#include H\n", {{"local.cuh", ""}}, {0}, -1},
    {"a brace that closes nothing", PARSE, "void f() { }\n}\n", {{0}}, {0}, -1},
    {"a file that ends inside a declaration", PARSE, KERNEL "\n__global__ void par", {{0}}, {0}, -1},
    {"an #if branch that opens a device function's body", PARSE,
     KERNEL "#ifdef GPU\n__global__ void parent(int *p) {\n#else\nvoid parent(int *p) {\n#endif\n"
            "  child<<<1, 1>>>(p);\n}\n",
     {{0}}, {0}, -1},
    {"__device__ in one branch of an #if before a header", PARSE,
     "#ifdef GPU\n__device__\n#endif\nvoid check() { cudaGetLastError(); }\n", {{0}}, {0}, -1},
    {"the body of a device function in an #if branch after another", PARSE,
     KERNEL "__device__ void f(int *p)\n#ifdef A\n{ p[0] = 0; }\n#else\n{ child<<<1, 1>>>(p); }\n#endif\n",
     {{0}}, {0}, -1},
    {"a macro that opens a body", PARSE,
     KERNEL "#define BEGIN(name) __global__ void name(int *p) {\nBEGIN(parent) child<<<1, 1>>>(p); }\n", {{0}},
     {0}, -1},
    {"a digraph brace", PARSE, KERNEL "__global__ void parent(int *p) <% child<<<1, 1>>>(p); %>\n", {{0}}, {0}, -1},
    {"a parse argument the scan does not know", PARSE, "int x;\n", {{0}}, {"-Xclang", "-fno-validate-pch"}, -1},
};

static bool write_file(const char *directory, const file *written)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", directory, written->path);
    FILE *out = fopen(path, "w");
    if (out == NULL) return false;
    bool ok = fputs(written->text, out) >= 0;
    return fclose(out) == 0 && ok;
}

static int remove_entry(const char *path, const struct stat *status, int type, struct FTW *walk)
{
    (void)status, (void)type, (void)walk;
    return remove(path);
}

/* The scan's answer for one case, written under `root`; -1 on failure. */
static int run_case(const scan_case *test, const char *root, char **reason, size_t *nheaders)
{
    char directory[1040], include[1060], system_dir[1060], input[1060];
    snprintf(directory, sizeof directory, "%s/case-XXXXXX", root);
    if (mkdtemp(directory) == NULL) return -1;
    snprintf(include, sizeof include, "%s/inc", directory);
    snprintf(system_dir, sizeof system_dir, "%s/sys", directory);
    snprintf(input, sizeof input, "%s/input.cu", directory);
    int answer = -1;
    file main_file = {"input.cu", test->input};
    bool written = mkdir(include, 0777) == 0 && mkdir(system_dir, 0777) == 0 && write_file(directory, &main_file);
    for (size_t h = 0; written && h < 3 && test->headers[h].path != NULL; ++h)
        written = write_file(directory, &test->headers[h]);
    char *cwd = getcwd(NULL, 0);
    /* -include names its file from the working directory. */
    if (written && cwd != NULL && chdir(directory) == 0) {
        const char *args[8] = {"-I", include, "-isystem", system_dir};
        size_t nargs = 4;
        for (size_t a = 0; a < 3 && test->args[a] != NULL; ++a) args[nargs++] = test->args[a];
        cdpl_parse_options options = {.extra_args = args, .nextra_args = nargs};
        cdpl_quick_scan scan;
        if (cdpl_quick_scan_source(input, test->input, strlen(test->input), &options, &scan)) {
            answer = scan.unchanged ? UNCHANGED : PARSE;
            *reason = scan.reason != NULL ? strdup(scan.reason) : NULL;
            *nheaders = scan.nheaders;
            cdpl_quick_scan_free(&scan);
        }
        if (chdir(cwd) != 0) answer = -1;
    }
    free(cwd);
    nftw(directory, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    return answer;
}

int main(void)
{
    const char *temporary = getenv("TMPDIR");
    char root[1024];
    snprintf(root, sizeof root, "%s/cdpl-quick-scan-XXXXXX", temporary != NULL ? temporary : "/tmp");
    if (mkdtemp(root) == NULL) {
        perror("cdpl-quick-scan-cases: mkdtemp");
        return 2;
    }
    int failures = 0;
    for (size_t c = 0; c < sizeof cases / sizeof *cases; ++c) {
        const scan_case *test = &cases[c];
        char *reason = NULL;
        size_t nheaders = 0;
        int answer = run_case(test, root, &reason, &nheaders);
        bool listed = test->headers_listed < 0 || (size_t)test->headers_listed == nheaders;
        if (answer != test->expected || !listed) {
            ++failures;
            printf("FAIL: %s: expected %s, got %s%s%s", test->name, test->expected == UNCHANGED ? "unchanged" : "parse",
                   answer == UNCHANGED ? "unchanged" : answer == PARSE ? "parse" : "no answer",
                   reason != NULL ? ": " : "", reason != NULL ? reason : "");
            if (!listed) printf(" (%zu headers listed, expected %d)", nheaders, test->headers_listed);
            putchar('\n');
        } else {
            printf("ok: %s%s%s\n", test->name, reason != NULL ? ": " : "", reason != NULL ? reason : "");
        }
        free(reason);
    }
    rmdir(root);
    printf("%d of %zu cases failed\n", failures, sizeof cases / sizeof *cases);
    return failures == 0 ? 0 : 1;
}
