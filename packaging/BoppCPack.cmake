# CPack: `cpack -G DEB` and `cpack -G TGZ` in a build folder (docs/writing-a-plugin.md).
#
# DEB: one package per install component.
#   bopp      the bopp program, its plugins (/usr/lib/bopp/plugins, found beside /usr/bin/bopp)
#             and the examples (/usr/share/bopp/examples). Depends on the shared libraries
#             its ELF files link, as dpkg-shlibdeps finds them (libboost-program-options1.74.0,
#             libnlopt0, libtomlplusplus3, libstdc++6, ...).
#   bopp-dev  the SDK: headers, bopp::bo, the CMake package. Depends on bopp and on the
#             development packages its CMake targets need.
# TGZ: everything in one archive, laid out as under the install prefix.
set(CPACK_PACKAGE_NAME bopp)
set(CPACK_PACKAGE_VENDOR "bopp")
set(CPACK_PACKAGE_CONTACT "bopp maintainers <maintainers@bopp.invalid>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Bayesian-optimization workbench with plugin algorithms and objectives")
set(CPACK_PACKAGE_DESCRIPTION
    "bopp runs Bayesian-optimization algorithms against objectives, both loaded as plugin libraries through a plain-C ABI (plugin ABI ${BOPP_ABI_VERSION}).")
set(CPACK_RESOURCE_FILE_README ${PROJECT_SOURCE_DIR}/README.md)
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_SOURCE_GENERATOR "")
set(CPACK_STRIP_FILES ON)

set(CPACK_COMPONENTS_ALL runtime sdk)
set(CPACK_COMPONENT_RUNTIME_DISPLAY_NAME "bopp program and plugins")
set(CPACK_COMPONENT_SDK_DISPLAY_NAME "bopp SDK for plugin authors")
set(CPACK_COMPONENT_SDK_DEPENDS runtime)

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME bopp)
set(CPACK_DEBIAN_SDK_PACKAGE_NAME bopp-dev)
set(CPACK_DEBIAN_SDK_PACKAGE_SECTION libdevel)
# What find_package(bopp) and bopp_add_plugin() need (cmake/boppConfig.cmake.in).
set(CPACK_DEBIAN_SDK_PACKAGE_DEPENDS
    "cmake (>= 3.25), g++ (>= 4:12) | clang (>= 1:14), libeigen3-dev (>= 3.3), libtomlplusplus-dev (>= 3), libnlopt-dev, libboost-dev (>= 1.74), nlohmann-json3-dev (>= 3), libopenmpi-dev, libopenblas-dev, liblapacke-dev")

set(CPACK_ARCHIVE_COMPONENT_INSTALL OFF)

include(CPack)
