// The building blocks of a drain loop on the GPU (issue 44), measured: a
// CUDA graph's WHILE conditional node, launched from the host in a program
// built without -rdc, whose body is a one-thread planner kernel and 1 or 8
// device-updatable worker kernel nodes; each iteration the planner chooses
// a worker, sets its grid and a parameter, disables the others (and every
// worker on one iteration in three), and says whether to loop again.
//   loop:     the sums the workers make are checked; cost of an iteration
//             (10 and 10000 iterations); cudaStreamQuery right after the
//             launch (the host must not have waited)
//   host:     host time of 2000 launches of the instantiated graph
//   capture:  the loop inserted into a caller's stream capture between two
//             of its kernels; the captured graph replayed 3 times; a second
//             instantiation (refused: device-updatable nodes allow one)
//   overlap:  two loops of 200 iterations of a 20 us worker, in two streams
// Prints its figures; exits 1 on a CUDA error. docs/design.md, "Toward a
// drain on the GPU", has the H200's.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("FAIL %s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

struct loop_state { unsigned iteration, limit; unsigned long long sum; unsigned workers; cudaGraphDeviceNode_t nodes[8]; cudaGraphConditionalHandle handle; };

__global__ void planner(loop_state *s)
{
    unsigned i = s->iteration;
    if (i >= s->limit) { cudaGraphSetConditional(s->handle, 0); for (unsigned w = 0; w < s->workers; ++w) cudaGraphKernelNodeSetEnabled(s->nodes[w], false); return; }
    unsigned chosen = i % s->workers;
    for (unsigned w = 0; w < s->workers; ++w) cudaGraphKernelNodeSetEnabled(s->nodes[w], w == chosen && i % 3 != 2);
    cudaGraphKernelNodeSetGridDim(s->nodes[chosen], dim3(i % 7 + 1, 1, 1));
    cudaGraphKernelNodeSetParam(s->nodes[chosen], sizeof(loop_state *), &i, sizeof i);
    s->iteration = i + 1;
    cudaGraphSetConditional(s->handle, 1);
}

__global__ void worker(loop_state *s, unsigned i, unsigned spin_ns)
{
    if (spin_ns) { unsigned long long t0 = clock64(); while (clock64() - t0 < spin_ns * 2ull) {} }
    if (threadIdx.x == 0) atomicAdd(&s->sum, 1000ull * i + blockIdx.x);
}

static unsigned long long expected(unsigned limit, unsigned)
{
    unsigned long long sum = 0;
    for (unsigned i = 0; i < limit; ++i) if (i % 3 != 2) for (unsigned b = 0; b <= i % 7; ++b) sum += 1000ull * i + b;
    return sum;
}

// Adds the loop (WHILE node, body: planner -> workers) to `graph` after `deps`; returns the node.
static cudaGraphNode_t add_loop(cudaGraph_t graph, const cudaGraphNode_t *deps, size_t ndeps, loop_state *dev, loop_state *host, unsigned workers, unsigned spin_ns)
{
    cudaGraphConditionalHandle handle;
    CK(cudaGraphConditionalHandleCreate(&handle, graph, 1, cudaGraphCondAssignDefault));
    cudaGraphNodeParams cp = {};
    cp.type = cudaGraphNodeTypeConditional;
    cp.conditional.handle = handle; cp.conditional.type = cudaGraphCondTypeWhile; cp.conditional.size = 1;
    cudaGraphNode_t loop;
    CK(cudaGraphAddNode(&loop, graph, deps, nullptr, ndeps, &cp));
    cudaGraph_t body = cp.conditional.phGraph_out[0];
    cudaGraphNodeParams kp = {};
    kp.type = cudaGraphNodeTypeKernel;
    void *pargs[] = {&dev};
    kp.kernel.func = (void *)planner; kp.kernel.gridDim = dim3(1); kp.kernel.blockDim = dim3(1); kp.kernel.kernelParams = pargs;
    cudaGraphNode_t plan;
    CK(cudaGraphAddNode(&plan, body, nullptr, nullptr, 0, &kp));
    host->workers = workers; host->handle = handle;
    for (unsigned w = 0; w < workers; ++w) {
        unsigned zero = 0;
        void *wargs[] = {&dev, &zero, &spin_ns};
        cudaGraphNodeParams wp = {};
        wp.type = cudaGraphNodeTypeKernel;
        wp.kernel.func = (void *)worker; wp.kernel.gridDim = dim3(1); wp.kernel.blockDim = dim3(128); wp.kernel.kernelParams = wargs;
        cudaGraphNode_t node;
        CK(cudaGraphAddNode(&node, body, &plan, nullptr, 1, &wp));
        cudaLaunchAttributeValue v = {};
        v.deviceUpdatableKernelNode.deviceUpdatable = 1;
        CK(cudaGraphKernelNodeSetAttribute(node, cudaLaunchAttributeDeviceUpdatableKernelNode, &v));
        cudaLaunchAttributeValue got = {};
        CK(cudaGraphKernelNodeGetAttribute(node, cudaLaunchAttributeDeviceUpdatableKernelNode, &got));
        host->nodes[w] = got.deviceUpdatableKernelNode.devNode;
    }
    return loop;
}

__global__ void mark(unsigned long long *p, unsigned long long v) { atomicAdd(p, v); }

int main()
{
    loop_state *dev; CK(cudaMalloc(&dev, sizeof(loop_state)));
    cudaStream_t stream; CK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    for (unsigned workers : {1u, 8u}) {
        cudaGraph_t graph; CK(cudaGraphCreate(&graph, 0));
        loop_state host = {};
        add_loop(graph, nullptr, 0, dev, &host, workers, 0);
        cudaGraphExec_t exec; CK(cudaGraphInstantiate(&exec, graph, 0));
        for (unsigned limit : {10u, 10000u}) {
            host.iteration = 0; host.limit = limit; host.sum = 0;
            CK(cudaMemcpy(dev, &host, sizeof host, cudaMemcpyHostToDevice));
            cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
            CK(cudaEventRecord(a, stream)); CK(cudaGraphLaunch(exec, stream)); CK(cudaEventRecord(b, stream));
            cudaError_t q = cudaStreamQuery(stream);
            CK(cudaStreamSynchronize(stream));
            float ms; CK(cudaEventElapsedTime(&ms, a, b));
            loop_state back; CK(cudaMemcpy(&back, dev, sizeof back, cudaMemcpyDeviceToHost));
            printf("loop: workers=%u limit=%u: iterations %u sum %s (%llu vs %llu); %.2f us/iteration; query right after launch: %s\n", workers, limit, back.iteration,
                   back.sum == expected(limit, workers) ? "ok" : "WRONG", back.sum, expected(limit, workers), 1000.0 * ms / (limit + 1), cudaGetErrorName(q));
        }
        // Host cost of launching small loops (limit 2), 2000 times.
        host.iteration = 0; host.limit = 0; host.sum = 0;
        CK(cudaMemcpy(dev, &host, sizeof host, cudaMemcpyHostToDevice));
        CK(cudaStreamSynchronize(stream));
        auto t0 = std::chrono::steady_clock::now();
        for (int r = 0; r < 2000; ++r) CK(cudaGraphLaunch(exec, stream));
        auto t1 = std::chrono::steady_clock::now();
        CK(cudaStreamSynchronize(stream));
        auto t2 = std::chrono::steady_clock::now();
        printf("host: workers=%u: 2000 launches of an empty loop: host %.2f us/launch, device-bound total %.2f us/launch\n", workers,
               std::chrono::duration<double, std::micro>(t1 - t0).count() / 2000, std::chrono::duration<double, std::micro>(t2 - t0).count() / 2000);
        CK(cudaGraphExecDestroy(exec)); CK(cudaGraphDestroy(graph));
    }
    // Inserted into a caller's stream capture between two of its kernels; 3 replays.
    {
        unsigned long long *marks; CK(cudaMalloc(&marks, sizeof *marks)); CK(cudaMemset(marks, 0, sizeof *marks));
        cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
        CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
        mark<<<1, 1, 0, s>>>(marks, 1);
        cudaStreamCaptureStatus status; cudaGraph_t cg; const cudaGraphNode_t *deps; size_t ndeps;
        CK(cudaStreamGetCaptureInfo(s, &status, nullptr, &cg, &deps, nullptr, &ndeps));
        loop_state host = {};
        cudaGraphNode_t loop = add_loop(cg, deps, ndeps, dev, &host, 2, 0);
        CK(cudaStreamUpdateCaptureDependencies(s, &loop, nullptr, 1, cudaStreamSetCaptureDependencies));
        mark<<<1, 1, 0, s>>>(marks, 100);
        cudaGraph_t captured; CK(cudaStreamEndCapture(s, &captured));
        cudaGraphExec_t exec; CK(cudaGraphInstantiate(&exec, captured, 0));
        bool ok = true;
        for (int r = 0; r < 3; ++r) {
            host.iteration = 0; host.limit = 50; host.sum = 0;
            CK(cudaMemcpy(dev, &host, sizeof host, cudaMemcpyHostToDevice));
            CK(cudaGraphLaunch(exec, s)); CK(cudaStreamSynchronize(s));
            loop_state back; CK(cudaMemcpy(&back, dev, sizeof back, cudaMemcpyDeviceToHost));
            unsigned long long m; CK(cudaMemcpy(&m, marks, sizeof m, cudaMemcpyDeviceToHost));
            printf("capture: replay %d: iterations %u sum %s, caller's kernels %llu (want %d)\n", r, back.iteration, back.sum == expected(50, 2) ? "ok" : "WRONG", m, 101 * (r + 1));
            ok = ok && back.sum == expected(50, 2) && m == 101ull * (r + 1);
        }
        cudaGraphExec_t second; cudaError_t e = cudaGraphInstantiate(&second, captured, 0);
        printf("capture: %s; a second instantiation of the captured graph: %s\n", ok ? "PASS" : "FAIL", cudaGetErrorName(e));
        cudaGetLastError();
    }
    // Two loops (each 200 iterations of a 20 us worker) in two streams: overlap?
    {
        loop_state *devs[2]; cudaGraphExec_t execs[2]; cudaStream_t ss[2];
        for (int k = 0; k < 2; ++k) {
            CK(cudaMalloc(&devs[k], sizeof(loop_state))); CK(cudaStreamCreateWithFlags(&ss[k], cudaStreamNonBlocking));
            cudaGraph_t g; CK(cudaGraphCreate(&g, 0)); loop_state host = {};
            add_loop(g, nullptr, 0, devs[k], &host, 1, 20000);
            CK(cudaGraphInstantiate(&execs[k], g, 0));
            host.limit = 200; CK(cudaMemcpy(devs[k], &host, sizeof host, cudaMemcpyHostToDevice));
        }
        CK(cudaDeviceSynchronize());
        double times[2];
        for (int n = 1; n <= 2; ++n) {
            for (int k = 0; k < 2; ++k) { loop_state host = {}; CK(cudaMemcpy(&host, devs[k], sizeof host, cudaMemcpyDeviceToHost)); host.iteration = 0; CK(cudaMemcpy(devs[k], &host, sizeof host, cudaMemcpyHostToDevice)); }
            auto t0 = std::chrono::steady_clock::now();
            for (int k = 0; k < n; ++k) CK(cudaGraphLaunch(execs[k], ss[k]));
            CK(cudaDeviceSynchronize());
            times[n - 1] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        }
        printf("overlap: one loop %.3f ms, two loops in two streams %.3f ms (ratio %.2f)\n", times[0], times[1], times[1] / times[0]);
    }
    return 0;
}
