// The expansion of a macro use that the lowering writes out is the
// preprocessor's: arguments as written (parentheses, commas inside them,
// braces, which do not group), `#` on the argument as written (quotes and
// backslashes in literals escaped, whitespace as one space), `##` on the
// arguments as written (an empty one pasting nothing), an empty or absent
// __VA_ARGS__, GNU's `, ## __VA_ARGS__` and named variable arguments,
// __VA_OPT__, and the definition in force at the use. Macros that hold no
// part of a launch stay as written.
#include <cstdio>
#define SHOW(k, ...) do { printf(#k ": " #__VA_ARGS__ "\n"); k<<<1, 1>>>(__VA_ARGS__); } while (0)
#define PASTE(k, a, b) k<<<1, 1>>>(a ## b, b ## a)
#define GNU(k, ...) k<<<1, 1>>>(N , ## __VA_ARGS__)
#define OPT(k, ...) k<<<1, 1>>>(N __VA_OPT__(, (__VA_ARGS__)))
#define N 3
#define GO(k) k<<<1, 1>>>(1, 2)
#define NAMED(k, rest...) k<<<1, 1>>>(N, ## rest)
struct pair { int a, b; };
__global__ void two(int a, int b) {}
__global__ void one(int a) {}
__global__ void takes_pair(pair p) {}

__global__ void parent(int xy, int yx)
{
    SHOW(two, xy,   "a \"b\" \\ c"[0]);
    SHOW(takes_pair, pair{1, 2});
    PASTE(two, x, y);
    PASTE(two, , xy);
    GNU(one);
    GNU(two, 4);
    OPT(one);
    OPT(two, 5);
    GO(two);
#undef GO
#define GO(k) k<<<2, 2>>>(2, 1)
    GO(two);
    NAMED(one);
    NAMED(two, 6);
}
// CHECK: macro_use SHOW 24:5-24:39 "do { printf(\"two\" \": \" \"xy, \\\"a \\\\\\\"b\\\\\\\" \\\\\\\\ c\\\"[0]\" \"\\n\"); two<<<1, 1>>>(xy, \"a \\\"b\\\" \\\\ c\"[0]); } while (0)"
// CHECK: macro_use SHOW 25:5-25:33 "do { printf(\"takes_pair\" \": \" \"pair{1, 2}\" \"\\n\"); takes_pair<<<1, 1>>>(pair{1, 2}); } while (0)"
// CHECK: macro_use PASTE 26:5-26:21 "two<<<1, 1>>>(xy, yx)"
// CHECK: macro_use PASTE 27:5-27:21 "two<<<1, 1>>>(xy, xy)"
// CHECK: macro_use GNU 28:5-28:13 "one<<<1, 1>>>(N)"
// CHECK: macro_use GNU 29:5-29:16 "two<<<1, 1>>>(N , 4)"
// CHECK: macro_use OPT 30:5-30:13 "one<<<1, 1>>>(N)"
// CHECK: macro_use OPT 31:5-31:16 "two<<<1, 1>>>(N, (5))"
// CHECK: macro_use GO 32:5-32:12 "two<<<1, 1>>>(1, 2)"
// CHECK: macro_use GO 35:5-35:12 "two<<<2, 2>>>(2, 1)"
// CHECK: macro_use NAMED 36:5-36:15 "one<<<1, 1>>>(N)"
// CHECK: macro_use NAMED 37:5-37:18 "two<<<1, 1>>>(N, 6)"
// CHECK-NOT: error
