# The install tree: `cmake --install BUILD --prefix PREFIX` puts the tool in
# bin/, the runtime library in lib/, its headers in include/cdpl/, the
# parser's stub headers in share/cdp-lower/stubs/, the man page in
# share/man/man1/, and this package in lib/cmake/CdpLower/, so that a CUDA
# project writes find_package(CdpLower) and cdp_lower_target(app). The tool
# finds its headers relative to itself (lower/install_paths.c): the prefix
# can be moved. The install rules of each part are next to it (lower/, rt/).
include(CMakePackageConfigHelpers)
set(cdpl_package_dir "${CMAKE_INSTALL_LIBDIR}/cmake/CdpLower")
install(EXPORT CdpLowerTargets NAMESPACE CdpLower:: DESTINATION "${cdpl_package_dir}")
configure_package_config_file("${CMAKE_CURRENT_LIST_DIR}/CdpLowerConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/CdpLowerConfig.cmake"
  INSTALL_DESTINATION "${cdpl_package_dir}")
# 0.x: a new minor version may change the runtime ABI.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/CdpLowerConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES
  "${PROJECT_BINARY_DIR}/CdpLowerConfig.cmake"
  "${PROJECT_BINARY_DIR}/CdpLowerConfigVersion.cmake"
  "${CMAKE_CURRENT_LIST_DIR}/CdpLowerBuild.cmake"
  DESTINATION "${cdpl_package_dir}")
