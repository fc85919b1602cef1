// What cdp-lower cannot write out in a macro use's place is refused, naming
// the macro: __VA_OPT__ whose variable arguments may expand to nothing, a
// kernel name made by `##`, an argument that the preprocessor would expand
// into several before a macro in the expansion splits them, a macro
// taking its arguments from after the use, and a macro naming itself,
// which the compiler would expand again once written out.
#define OPT_LAUNCH(k, ...) k<<<1, 1>>>(0 __VA_OPT__(,) __VA_ARGS__)
#define NOTHING
#define PASTED(k, suffix) k ## suffix<<<1, 1>>>(0)
#define INNER(k, g, b) k<<<g, b>>>(0)
#define OUTER(k, configuration) INNER(k, configuration)
#define CFG(g, b) g, b
#define LAUNCHER INNER
#define log_launch(k) k<<<1, 1>>>(0); log_launch(#k)
__device__ void log_launch(const char *name) {}
__global__ void child(int a, int b = 0) {}
__global__ void child_x(int a) {}

__global__ void parent()
{
    OPT_LAUNCH(child, NOTHING);
    PASTED(child, _x);
    OUTER(child, CFG(1, 1));
    LAUNCHER(child, 1, 1);
    log_launch(child);
}
// CHECK-ERR: error_launch_from_macro_that_cannot_be_written_out.cu:21:5: error: this launch of 'child' comes from a use of macro 'OPT_LAUNCH' that cdp-lower cannot write out in its place: the variable arguments of 'OPT_LAUNCH' are macros that may expand to nothing
// CHECK-ERR: :22:5: error: this launch of 'child_x' comes from a use of macro 'PASTED' that cdp-lower cannot write out in its place: the launch's kernel name or `<<<` is not written in the source cdp-lower rewrites (`##` made it
// CHECK-ERR: :23:5: error: this launch of 'child' comes from a use of macro 'OUTER' that cdp-lower cannot write out in its place: an argument given to 'INNER' holds 'CFG', which the preprocessor expands before it splits the arguments of 'INNER'
// CHECK-ERR: :24:5: error: this launch of 'child' comes from a use of macro 'LAUNCHER' that cdp-lower cannot write out in its place: 'INNER' takes its arguments from the text after the use
// CHECK-ERR: :25:5: error: this launch of 'child' comes from a use of macro 'log_launch' that cdp-lower cannot write out in its place: 'log_launch' names itself in its own expansion
