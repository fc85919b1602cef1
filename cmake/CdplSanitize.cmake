# Sanitized builds of the C code (the tool, the analysis library, the host
# runtime and the CPU tests), for scripts/test-sanitized.sh, and the
# coverage-guided fuzz target of the rewriting stage (tests/fuzz_rewrite).
# CUDA sources are left alone: the sanitized leg builds no GPU program.
set(CDPL_SANITIZE "" CACHE STRING
    "Sanitizers for the C code, as for -fsanitize= (e.g. address,undefined); empty: none")
option(CDPL_BUILD_FUZZER
       "Build the libFuzzer target of the rewriting stage (needs clang and CDPL_SANITIZE=address,...)" OFF)

if(CDPL_SANITIZE)
  # Every report stops the program, so a test cannot pass over one.
  add_compile_options(
    "$<$<COMPILE_LANGUAGE:C>:-fsanitize=${CDPL_SANITIZE};-fno-omit-frame-pointer;-fno-sanitize-recover=all>")
  add_link_options("$<$<LINK_LANGUAGE:C>:-fsanitize=${CDPL_SANITIZE}>")
endif()

if(CDPL_BUILD_FUZZER)
  if(NOT CMAKE_C_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "cdp-lower: CDPL_BUILD_FUZZER needs clang (e.g. CC=clang-19), not ${CMAKE_C_COMPILER_ID}")
  endif()
  if(NOT CDPL_SANITIZE MATCHES "address")
    message(FATAL_ERROR "cdp-lower: CDPL_BUILD_FUZZER needs CDPL_SANITIZE with address (e.g. address,undefined)")
  endif()
  # Coverage feedback from the analysis and the rewriter; only the fuzz
  # target itself links libFuzzer's main.
  add_compile_options("$<$<COMPILE_LANGUAGE:C>:-fsanitize=fuzzer-no-link>")
endif()
