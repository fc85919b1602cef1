# How CDP2 programs are built and tested, native and lowered.
#
# cdpl_add_cdp_program(NAME SOURCE [SOURCE...])
#   NAME.native   nvcc -rdc=true ... cudadevrt (the ground truth)
#   NAME.lowered  cdp-lower SOURCE, then nvcc without -rdc, linked with cdpl_rt
#                 (or clang or hipcc, as CDPL_GPU_COMPILER says)
#   A program of several files is lowered file by file, each on its own, as
#   a build does, and needs nvcc: NAME.native is device-linked; each lowered
#   file is named NAME.<its path from the first file's directory, without
#   .cu, `/` as `.`>, e.g. multi_file.left.walk.
#   gpu.NAME      runs both and compares their output (not with hipcc: no
#                 native build to compare with)
#
# GPU tests are reported skipped (exit 77) where no GPU is present. Building
# NAME.lowered is itself the check that the lowered file compiles without
# -rdc. With CDPL_BUILD_TOOL=OFF the lowered file comes from
# ${CDPL_PRELOWERED_DIR}/NAME.lowered.cu (made on a machine with libclang).

find_library(CDPL_CUDADEVRT cudadevrt HINTS "${CUDAToolkit_LIBRARY_DIR}" REQUIRED)

# Sets `out` to the lowered file of `source`, one file of program `name`,
# and adds the command that lowers it; further arguments are the flags its
# compilation gets, which cdp-lower parses it with.
function(cdpl_lower_file out name source base_dir several)
  set(stem "${name}")
  if(several)
    file(RELATIVE_PATH relative "${base_dir}" "${source}")
    string(REGEX REPLACE "\\.cu$" "" relative "${relative}")
    string(REPLACE "/" "." relative "${relative}")
    set(stem "${name}.${relative}")
  endif()
  if(CDPL_BUILD_TOOL)
    set(lowered "${CMAKE_BINARY_DIR}/lowered/${stem}.lowered.cu")
    add_custom_command(
      OUTPUT "${lowered}"
      COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_BINARY_DIR}/lowered"
      COMMAND cdp-lower "${source}" -o "${lowered}" "--depfile=${lowered}.d" -- ${ARGN}
      DEPENDS cdp-lower "${source}"
      # A test's or sample's shared header (e.g. tests/gpu/cdp_test.cuh) re-lowers it.
      DEPFILE "${lowered}.d"
      COMMENT "Lowering ${stem}"
      VERBATIM)
  else()
    set(lowered "${CDPL_PRELOWERED_DIR}/${stem}.lowered.cu")
    if(NOT EXISTS "${lowered}")
      message(FATAL_ERROR "cdp-lower: ${lowered} is missing: lower it where libclang is "
                          "installed (cmake --build <dir> --target cdpl-lower-all) and copy it here")
    endif()
  endif()
  set(${out} "${lowered}" PARENT_SCOPE)
endfunction()

function(cdpl_add_lowered_executable name source)
  get_filename_component(source_dir "${source}" DIRECTORY)
  set(sources "${source}" ${ARGN})
  list(LENGTH sources nsources)
  set(several OFF)
  if(nsources GREATER 1)
    set(several ON)
    if(NOT CDPL_GPU_COMPILER STREQUAL "nvcc")
      message(FATAL_ERROR "cdp-lower: ${name}: a program of several files builds with nvcc only")
    endif()
  endif()
  set(lowered_files)
  foreach(file IN LISTS sources)
    cdpl_lower_file(lowered ${name} "${file}" "${source_dir}" ${several})
    list(APPEND lowered_files "${lowered}")
    if(several)
      # Each lowered file's relative includes start from its own source's directory.
      get_filename_component(file_dir "${file}" DIRECTORY)
      set_source_files_properties("${lowered}" PROPERTIES INCLUDE_DIRECTORIES "${file_dir}")
    endif()
  endforeach()
  if(CDPL_BUILD_TOOL)
    add_custom_target(${name}.lower DEPENDS ${lowered_files})
    add_dependencies(cdpl-lower-all ${name}.lower)
  endif()
  # The lowered file lives in the build tree: keep the user's relative includes working.
  if(CDPL_GPU_COMPILER STREQUAL "clang")
    cdpl_add_clang_cuda_executable(${name}.lowered "${lowered}" "${source_dir}")
    return()
  elseif(CDPL_GPU_COMPILER STREQUAL "hip")
    cdpl_add_hip_executable(${name}.lowered "${lowered}" "${source_dir}")
    return()
  endif()
  add_executable(${name}.lowered ${lowered_files})
  set_target_properties(${name}.lowered PROPERTIES
    CUDA_SEPARABLE_COMPILATION OFF
    CUDA_ARCHITECTURES "${CDPL_CUDA_ARCH}")
  target_include_directories(${name}.lowered PRIVATE "${source_dir}")
  target_link_libraries(${name}.lowered PRIVATE cdpl_rt)
endfunction()

function(cdpl_add_cdp_program name)
  set(sources)
  foreach(source IN LISTS ARGN)
    get_filename_component(source "${source}" ABSOLUTE)
    list(APPEND sources "${source}")
  endforeach()
  if(CDPL_GPU_COMPILER STREQUAL "hip")
    # Native CDP2 needs nvcc and an NVIDIA GPU: with HIP, the lowered build is all.
    cdpl_add_lowered_executable(${name} ${sources})
    return()
  endif()
  add_executable(${name}.native ${sources})
  set_target_properties(${name}.native PROPERTIES
    CUDA_SEPARABLE_COMPILATION ON
    CUDA_ARCHITECTURES "${CDPL_CUDA_ARCH}")
  target_link_libraries(${name}.native PRIVATE "${CDPL_CUDADEVRT}")
  cdpl_add_lowered_executable(${name} ${sources})

  add_test(NAME gpu.${name}
    COMMAND "${PROJECT_SOURCE_DIR}/tests/run_pair.sh" $<TARGET_FILE:cdpl-gpu-probe>
            $<TARGET_FILE:${name}.native> $<TARGET_FILE:${name}.lowered>)
  set_tests_properties(gpu.${name} PROPERTIES LABELS gpu SKIP_RETURN_CODE 77 TIMEOUT 300)
endfunction()
