/* For HIP builds (-I rt/include/cuda_on_hip): a CUDA program's
 * #include <cuda_runtime_api.h> gets the CUDA names mapped onto HIP. */
#include "../cdpl_gpu.h"
