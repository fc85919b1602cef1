// A macro use that the lowering cannot write out in its place is refused,
// naming the macro: one that expands differently for the host and for the
// device (one text serves both), and one under #if __CUDA_ARCH__, which
// only the device-side parse reads, whose kernel name `##` makes.
#ifdef __CUDA_ARCH__
#define LAUNCH(k) k<<<1, 1>>>(0)
#else
#define LAUNCH(k) k<<<2, 2>>>(0)
#endif
#define PASTED(prefix, suffix) prefix ## suffix<<<1, 1>>>(0)
__global__ void child(int n) {}

__global__ void parent()
{
    LAUNCH(child);
#if __CUDA_ARCH__
    PASTED(ch, ild);
#endif
}
// CHECK: error 15:5 this launch of 'child' comes from a use of macro 'LAUNCH' that cdp-lower cannot write out in its place: 'LAUNCH' expands differently for the host and for the device
// CHECK: error 17:5 this device-side launch comes from a use of macro 'PASTED' that cdp-lower cannot write out in its place: the launch's kernel name or `<<<` is not written in the source cdp-lower rewrites
