# clang 19's CUDA mode for lowered programs, where clang++-19 is installed:
# CDPL_CLANG_CUDA and
#
# cdpl_add_clang_cuda_executable(NAME SOURCE INCLUDE_DIR)
#   NAME, an executable compiled from SOURCE (a lowered file) by clang for
#   the architectures of CDPL_CUDA_ARCH, without -fgpu-rdc, linked with
#   cdpl_rt and the static CUDA runtime. scripts/clang-cuda.sh holds the
#   recipe (clang 19 cannot make the fatbinary of CUDA 13 by itself).

find_program(CDPL_CLANG_CUDA NAMES clang++-19)
# The toolkit's root (bin/ptxas, bin/fatbinary, nvvm/libdevice, lib64), for clang's --cuda-path.
get_filename_component(CDPL_CUDA_ROOT "${CUDAToolkit_BIN_DIR}" DIRECTORY)
if(NOT CDPL_CLANG_CUDA AND CDPL_GPU_COMPILER STREQUAL "clang")
  message(FATAL_ERROR "cdp-lower: CDPL_GPU_COMPILER=clang needs clang++-19 (Debian: apt-get install clang-19)")
endif()
if(CDPL_GPU_COMPILER STREQUAL "clang")
  # The objects are C++: a C++ driver links them.
  enable_language(CXX)
endif()

function(cdpl_add_clang_cuda_executable name source include_dir)
  set(object "${CMAKE_CURRENT_BINARY_DIR}/${name}.clang.o")
  string(REPLACE ";" "," archs "${CDPL_CUDA_ARCH}")
  add_custom_command(
    OUTPUT "${object}"
    COMMAND "${PROJECT_SOURCE_DIR}/scripts/clang-cuda.sh" -o "${object}" --arch=${archs}
            "--cuda-path=${CDPL_CUDA_ROOT}" "--clang=${CDPL_CLANG_CUDA}" "--depfile=${object}.d"
            "${source}" -O2 "-I${PROJECT_SOURCE_DIR}/rt/include" "-I${include_dir}"
    DEPENDS "${source}" "${PROJECT_SOURCE_DIR}/scripts/clang-cuda.sh"
    DEPFILE "${object}.d"
    COMMENT "Compiling ${name} with clang (CUDA)"
    VERBATIM)
  add_executable(${name} "${object}")
  set_target_properties(${name} PROPERTIES LINKER_LANGUAGE CXX)
  target_link_libraries(${name} PRIVATE cdpl_rt)
endfunction()
