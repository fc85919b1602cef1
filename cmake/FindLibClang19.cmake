# Finds libclang 19 (Debian: libclang-19-dev) through llvm-config-19 and
# defines the imported target LibClang::LibClang.
find_program(CDPL_LLVM_CONFIG NAMES llvm-config-19 llvm-config
             HINTS /usr/lib/llvm-19/bin)
if(CDPL_LLVM_CONFIG)
  execute_process(COMMAND ${CDPL_LLVM_CONFIG} --version
                  OUTPUT_VARIABLE _cdpl_llvm_version OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND ${CDPL_LLVM_CONFIG} --includedir
                  OUTPUT_VARIABLE _cdpl_llvm_include OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND ${CDPL_LLVM_CONFIG} --libdir
                  OUTPUT_VARIABLE _cdpl_llvm_libdir OUTPUT_STRIP_TRAILING_WHITESPACE)
endif()
if(_cdpl_llvm_version VERSION_GREATER_EQUAL 19)
  find_path(CDPL_LIBCLANG_INCLUDE clang-c/Index.h HINTS ${_cdpl_llvm_include} NO_DEFAULT_PATH)
  find_library(CDPL_LIBCLANG NAMES clang-19 clang HINTS ${_cdpl_llvm_libdir} NO_DEFAULT_PATH)
endif()
if(NOT CDPL_LIBCLANG OR NOT CDPL_LIBCLANG_INCLUDE)
  message(FATAL_ERROR
    "cdp-lower: libclang 19 was not found. On Debian 12 install it with\n"
    "  sudo apt-get install libclang-19-dev llvm-19-dev\n"
    "or configure with -DCDPL_BUILD_TOOL=OFF to build only the runtime and "
    "the GPU tests from sources lowered elsewhere (-DCDPL_PRELOWERED_DIR=...).")
endif()
# libclang has no executable path to find clang's resource directory from,
# so its driver guesses a relative "lib/clang/<major>", and the parse misses
# the headers there (cuda_wrappers, which holds the device side's <new>).
string(REGEX MATCH "^[0-9]+" _cdpl_llvm_major "${_cdpl_llvm_version}")
set(CDPL_CLANG_RESOURCE_DIR "${_cdpl_llvm_libdir}/clang/${_cdpl_llvm_major}")
add_library(LibClang::LibClang UNKNOWN IMPORTED)
set_target_properties(LibClang::LibClang PROPERTIES
  IMPORTED_LOCATION "${CDPL_LIBCLANG}"
  INTERFACE_INCLUDE_DIRECTORIES "${CDPL_LIBCLANG_INCLUDE}")
message(STATUS "cdp-lower: libclang ${_cdpl_llvm_version}: ${CDPL_LIBCLANG}")
