# HIP for lowered programs, where hipcc and the HIP runtime are installed
# (Debian: hipcc, libamdhip64-dev): CDPL_HIP_FOUND, the runtime built against
# HIP (cdpl_rt_hip, rt/CMakeLists.txt) and
#
# cdpl_add_hip_executable(NAME SOURCE INCLUDE_DIR)
#   NAME, an executable made by hipcc --offload-arch=${CDPL_HIP_ARCH} from
#   SOURCE (a lowered file) and cdpl_rt_hip. The CUDA names in SOURCE and in
#   the headers it includes are mapped onto HIP by rt/include/cdpl_gpu.h
#   (rt/include/cuda_on_hip stands in for <cuda_runtime.h>). hipcc compiles
#   and links in two steps: given a library on one command line, it would
#   compile the library as HIP source too.

find_program(CDPL_HIPCC hipcc)
find_path(CDPL_HIP_INCLUDE_DIR hip/hip_runtime_api.h)
find_library(CDPL_AMDHIP64 amdhip64)
set(CDPL_HIP_ARCH "gfx90a" CACHE STRING "AMD GPU architecture of HIP builds (hipcc --offload-arch)")

if(CDPL_HIPCC AND CDPL_HIP_INCLUDE_DIR AND CDPL_AMDHIP64)
  set(CDPL_HIP_FOUND TRUE)
elseif(CDPL_GPU_COMPILER STREQUAL "hip")
  message(FATAL_ERROR "cdp-lower: CDPL_GPU_COMPILER=hip needs hipcc and the HIP runtime "
                      "(Debian: apt-get install hipcc libamdhip64-dev)")
endif()

function(cdpl_add_hip_executable name source include_dir)
  set(object "${CMAKE_CURRENT_BINARY_DIR}/${name}.hip.o")
  # Not named NAME: CMake would take a dependency on that file for one on the target.
  set(program "${CMAKE_CURRENT_BINARY_DIR}/${name}-hip")
  add_custom_command(
    OUTPUT "${object}"
    COMMAND "${CDPL_HIPCC}" --offload-arch=${CDPL_HIP_ARCH} -std=c++17 -O2
            -I "${PROJECT_SOURCE_DIR}/rt/include" -I "${PROJECT_SOURCE_DIR}/rt/include/cuda_on_hip"
            -I "${include_dir}" -MMD -MT "${object}" -MF "${object}.d" -c "${source}" -o "${object}"
    DEPENDS "${source}"
    DEPFILE "${object}.d"
    COMMENT "Compiling ${name} with hipcc"
    VERBATIM)
  add_custom_command(
    OUTPUT "${program}"
    COMMAND "${CDPL_HIPCC}" --offload-arch=${CDPL_HIP_ARCH} "${object}" $<TARGET_FILE:cdpl_rt_hip> -lpthread
            -o "${program}"
    DEPENDS "${object}" cdpl_rt_hip
    COMMENT "Linking ${name} with hipcc"
    VERBATIM)
  add_custom_target(${name}.hipcc ALL DEPENDS "${program}")
  # An executable target, so that $<TARGET_FILE:NAME> names it as for nvcc.
  add_executable(${name} IMPORTED GLOBAL)
  set_target_properties(${name} PROPERTIES IMPORTED_LOCATION "${program}")
endfunction()
