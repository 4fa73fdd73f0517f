# bopp_add_plugin(NAME SOURCES src... [OBJECTS src...] [OUTPUT_DIRECTORY dir] [LINK libs...])
#
# Builds a bopp plugin library: a shared module that exports exactly one symbol,
# bopp_plugin_manifest (hidden visibility, and a version script for what visibility misses:
# template instantiations from library headers), links with -z defs so a
# missing symbol fails the build rather than the load, and lands in the plugin folder.
#
# OBJECTS, when given, are built once as the object library NAME_objects (hidden visibility,
# position-independent, the folders of its sources on its include path, LINK as its usage
# requirements), which the module links and so can a test of the plugin's classes:
#   target_link_libraries(my_test PRIVATE NAME_objects)
# SOURCES then needs only the entry (the file with BOPP_PLUGIN_LIBRARY).
#
# A plugin with a C++ source links the authoring kit, bopp::sdk (C++20, Eigen, TOML++). A plugin
# whose sources are all C links the C ABI alone, bopp::abi: no C++ runtime, nothing beyond libc
# (and what LINK adds), and it builds after find_package(bopp COMPONENTS abi) in a project of
# LANGUAGES C.
#
# The same file serves bopp's own plugins and, installed beside the package config
# (find_package(bopp)), plugins built out of tree. The output folder defaults to the build
# tree's plugin folder inside bopp, and to <build>/plugins out of tree; point
# BOPP_PLUGIN_PATH (or --plugin-path) at it, or install the module into a plugin folder:
#   install(TARGETS NAME LIBRARY DESTINATION ${BOPP_PLUGIN_SUBDIR})
function(bopp_add_plugin name)
  cmake_parse_arguments(ARG "" "OUTPUT_DIRECTORY" "SOURCES;OBJECTS;LINK" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "bopp_add_plugin(${name}): SOURCES is required")
  endif()
  if(NOT ARG_OUTPUT_DIRECTORY)
    if(BOPP_BUILD_PLUGIN_DIR)
      set(ARG_OUTPUT_DIRECTORY ${BOPP_BUILD_PLUGIN_DIR})
    else()
      set(ARG_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/plugins)
    endif()
  endif()
  # The map lies beside this file, in the source tree and in the installed package alike.
  set(exports_map ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/bopp_plugin_exports.map)
  set(contract bopp::abi)
  foreach(source IN LISTS ARG_SOURCES ARG_OBJECTS)
    if(source MATCHES "\\.(cpp|cc|cxx|c\\+\\+|C|hpp|hh|hxx|ixx|cppm)$" AND TARGET bopp::sdk)
      set(contract bopp::sdk)
    endif()
  endforeach()
  add_library(${name} MODULE ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${contract} ${ARG_LINK})
  if(ARG_OBJECTS)
    set(objects ${name}_objects)
    add_library(${objects} OBJECT ${ARG_OBJECTS})
    set(object_dirs "")
    foreach(source IN LISTS ARG_OBJECTS)
      get_filename_component(dir ${source} DIRECTORY)
      get_filename_component(dir ${dir} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
      list(APPEND object_dirs ${dir})
    endforeach()
    list(REMOVE_DUPLICATES object_dirs)
    target_include_directories(${objects} PUBLIC ${object_dirs})
    target_link_libraries(${objects} PUBLIC ${contract} ${ARG_LINK})
    set_target_properties(${objects} PROPERTIES
      POSITION_INDEPENDENT_CODE ON
      C_VISIBILITY_PRESET hidden
      CXX_VISIBILITY_PRESET hidden
      VISIBILITY_INLINES_HIDDEN ON)
    target_link_libraries(${name} PRIVATE ${objects})
    if(COMMAND bopp_warnings)
      bopp_warnings(${objects})
    endif()
  endif()
  set_target_properties(${name} PROPERTIES
    PREFIX "libbopp-"
    OUTPUT_NAME ${name}
    C_VISIBILITY_PRESET hidden
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY ${ARG_OUTPUT_DIRECTORY})
  target_link_options(${name} PRIVATE "LINKER:-z,defs"
                      "LINKER:--version-script=${exports_map}")
  set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS ${exports_map})
  if(COMMAND bopp_warnings)
    bopp_warnings(${name})
  endif()
endfunction()
