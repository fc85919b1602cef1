# cdp_lower_target(<target> [OFFLOAD_ARCH sm_XX] [CLANG_ARGS <arg>...])
#
# Lowers every .cu source of <target> with cdp-lower as a build step and
# builds the target from the lowered files, without -rdc and cudadevrt:
#   - each SOURCE.cu becomes ${CMAKE_CURRENT_BINARY_DIR}/cdp-lower/<target>/SOURCE.cu,
#     re-lowered when SOURCE.cu, any header it includes (a dependency file
#     written by cdp-lower) or the tool changes;
#   - the parse uses the target's include directories, compile definitions
#     and CUDA_STANDARD, the first entry of its CUDA_ARCHITECTURES (or
#     OFFLOAD_ARCH), the CUDA toolkit found by find_package(CUDAToolkit),
#     and CLANG_ARGS;
#   - the target gets CUDA_SEPARABLE_COMPILATION OFF, the source
#     directories as include directories (so that `#include "x.cuh"` next to
#     the source still works from the build tree), and links
#     CdpLower::cdpl_rt (PRIVATE: use the keyword form of
#     target_link_libraries with this target).
# Call it in the directory that creates <target>, after its sources are
# all added.
function(cdp_lower_target target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "OFFLOAD_ARCH" "CLANG_ARGS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cdp_lower_target: unexpected arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "cdp_lower_target: '${target}' is not a target")
  endif()
  if(NOT TARGET CdpLower::cdp-lower)
    message(FATAL_ERROR "cdp_lower_target: this CdpLower package has no cdp-lower tool "
                        "(it was built with CDPL_BUILD_TOOL=OFF)")
  endif()
  get_target_property(target_dir "${target}" SOURCE_DIR)
  if(NOT target_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    message(FATAL_ERROR "cdp_lower_target: call it in ${target_dir}, where '${target}' is created: "
                        "a target can only use the lowering commands of its own directory")
  endif()

  set(parse_flags)
  set(arch "${arg_OFFLOAD_ARCH}")
  if(NOT arch)
    get_target_property(architectures "${target}" CUDA_ARCHITECTURES)
    if(architectures)
      list(GET architectures 0 first)
      if(first MATCHES "^([0-9]+[a-z]?)(-real|-virtual)?$")
        set(arch "sm_${CMAKE_MATCH_1}")
      endif()
    endif()
  endif()
  if(arch)
    list(APPEND parse_flags "--offload-arch=${arch}")
  endif()
  if(CUDAToolkit_BIN_DIR)
    get_filename_component(cuda_root "${CUDAToolkit_BIN_DIR}" DIRECTORY)
    list(APPEND parse_flags "--cuda-path=${cuda_root}")
  endif()
  # Read when the build is generated, so they include what target_link_libraries
  # brings (usage requirements) and what is set after this call. Written
  # straight into the command: a list variable would split them at the ';'.
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defines "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(standard "$<TARGET_PROPERTY:${target},CUDA_STANDARD>")
  set(clang_args)
  if(arg_CLANG_ARGS)
    set(clang_args -- ${arg_CLANG_ARGS})
  endif()

  get_target_property(sources "${target}" SOURCES)
  set(lowered_dir "${CMAKE_CURRENT_BINARY_DIR}/cdp-lower/${target}")
  file(MAKE_DIRECTORY "${lowered_dir}")
  set(new_sources)
  set(source_dirs)
  set(names)
  foreach(source IN LISTS sources)
    if(NOT source MATCHES "\\.cu$" OR source MATCHES "\\$<")
      list(APPEND new_sources "${source}")
      continue()
    endif()
    get_filename_component(source "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(name "${source}" NAME)
    get_filename_component(source_dir "${source}" DIRECTORY)
    if(name IN_LIST names)
      message(FATAL_ERROR "cdp_lower_target: '${target}' has two sources named ${name}; "
                          "their lowered files would be the same ${lowered_dir}/${name}")
    endif()
    list(APPEND names "${name}")
    set(lowered "${lowered_dir}/${name}")
    add_custom_command(
      OUTPUT "${lowered}"
      COMMAND CdpLower::cdp-lower "${source}" -o "${lowered}" "--depfile=${lowered}.d" ${parse_flags}
              "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
              "$<$<BOOL:${defines}>:-D$<JOIN:${defines},;-D>>"
              "$<$<BOOL:${standard}>:-std=c++${standard}>"
              ${clang_args}
      DEPENDS "${source}" "$<TARGET_FILE:CdpLower::cdp-lower>"
      DEPFILE "${lowered}.d"
      COMMENT "Lowering ${name} (cdp-lower)"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    list(APPEND new_sources "${lowered}")
    list(APPEND source_dirs "${source_dir}")
  endforeach()
  if(NOT names)
    message(FATAL_ERROR "cdp_lower_target: '${target}' has no .cu source to lower")
  endif()

  list(REMOVE_DUPLICATES source_dirs)
  set_property(TARGET "${target}" PROPERTY SOURCES ${new_sources})
  set_property(TARGET "${target}" PROPERTY CUDA_SEPARABLE_COMPILATION OFF)
  target_include_directories("${target}" PRIVATE ${source_dirs})
  target_link_libraries("${target}" PRIVATE CdpLower::cdpl_rt)
endfunction()
