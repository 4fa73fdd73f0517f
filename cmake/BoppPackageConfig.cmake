# The installed CMake package `bopp` (house rule 10, docs/architecture.md): the targets
# bopp::abi, bopp::sdk and, when built, bopp::bo; bopp_add_plugin(); and a version file whose version is
# the plugin ABI version, compatible within one ABI major. Included from the top-level CMakeLists.txt after
# sdk/ has declared its targets and their install(TARGETS ... EXPORT bopp-targets) rules.
include(CMakePackageConfigHelpers)

set(BOPP_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/bopp)
if(TARGET bopp_bo)
  set(BOPP_PACKAGE_HAS_BO 1)
else()
  set(BOPP_PACKAGE_HAS_BO 0)
endif()

# bopp::abi in a file of its own: find_package(bopp COMPONENTS abi) reads only that one, and
# bopp-targets.cmake (bopp::sdk links bopp::abi) expects it read first.
install(EXPORT bopp-abi-targets NAMESPACE bopp:: DESTINATION ${BOPP_INSTALL_CMAKEDIR}
        FILE bopp-abi-targets.cmake COMPONENT sdk)
install(EXPORT bopp-targets NAMESPACE bopp:: DESTINATION ${BOPP_INSTALL_CMAKEDIR}
        FILE bopp-targets.cmake COMPONENT sdk)

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/boppConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/boppConfig.cmake
  INSTALL_DESTINATION ${BOPP_INSTALL_CMAKEDIR}
  PATH_VARS BOPP_PLUGIN_SUBDIR)

# A plugin built against ABI major.minor loads in every host of the same major (a newer
# minor reads an older plugin's shorter structs), so find_package(bopp 1.2) accepts 1.2,
# 1.3, ... and never 2.x. The version carries the ABI, not the release: docs/abi.md.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/boppConfigVersion.cmake
  VERSION ${BOPP_ABI_VERSION}
  COMPATIBILITY SameMajorVersion)

install(FILES
  ${CMAKE_CURRENT_BINARY_DIR}/boppConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/boppConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/BoppAddPlugin.cmake
  ${CMAKE_CURRENT_LIST_DIR}/bopp_plugin_exports.map
  DESTINATION ${BOPP_INSTALL_CMAKEDIR} COMPONENT sdk)
