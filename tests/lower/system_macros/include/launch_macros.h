// A library's launch macro, which cdp-lower sees in a system header.
#define LIBRARY_LAUNCH(kernel, ...) kernel<<<1, 1>>>(__VA_ARGS__)
