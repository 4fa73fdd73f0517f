# Checks that each plugin module exports exactly one symbol, bopp_plugin_manifest (house
# rule 3). Run by ctest:
#   cmake -DNM=<nm> -DMODULES=<a.so|b.so|...> -DGLOB_DIRS=<dir|...> -P check_exports.cmake
# MODULES must all exist (they are this build's targets: a missing one means the build was not
# run); every libbopp-*.so found in GLOB_DIRS is checked too.
if(NOT NM)
  message(FATAL_ERROR "check_exports: NM is not set")
endif()

string(REPLACE "|" ";" MODULES "${MODULES}")
string(REPLACE "|" ";" GLOB_DIRS "${GLOB_DIRS}")
set(modules ${MODULES})
foreach(module IN LISTS MODULES)
  if(NOT EXISTS ${module})
    message(FATAL_ERROR "check_exports: ${module} does not exist; build the project before ctest")
  endif()
endforeach()
foreach(dir IN LISTS GLOB_DIRS)
  file(GLOB found ${dir}/libbopp-*.so)
  list(APPEND modules ${found})
endforeach()
list(REMOVE_DUPLICATES modules)
list(SORT modules)

set(failures "")
foreach(module IN LISTS modules)
  execute_process(COMMAND ${NM} -D --defined-only ${module}
                  OUTPUT_VARIABLE listing ERROR_VARIABLE nm_error RESULT_VARIABLE nm_result)
  if(NOT nm_result EQUAL 0)
    string(APPEND failures "  ${module}: nm failed: ${nm_error}\n")
    continue()
  endif()
  # Lines are "<address> <type> <name>"; every global type is an export (text, data, bss,
  # read-only, weak, unique, indirect).
  string(REPLACE "\n" ";" lines "${listing}")
  set(exported "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^[0-9a-fA-F]* ([A-Zuiw]) (.+)$")
      list(APPEND exported "${CMAKE_MATCH_2} (${CMAKE_MATCH_1})")
    endif()
  endforeach()
  if(NOT exported STREQUAL "bopp_plugin_manifest (T)")
    list(JOIN exported ", " shown)
    string(APPEND failures "  ${module}: exports [${shown}], expected only bopp_plugin_manifest (T)\n")
  else()
    message(STATUS "ok: ${module}")
  endif()
endforeach()

list(LENGTH modules count)
if(failures)
  message(FATAL_ERROR
    "check_exports: modules exporting more or less than bopp_plugin_manifest:\n${failures}"
    "Weak (W/V) and unique (u) exports are template instantiations of std:: or boost:: types,"
    " which keep default visibility despite -fvisibility=hidden; only a linker version script"
    " (global: bopp_plugin_manifest; local: *) hides them.")
endif()
message(STATUS "check_exports: ${count} modules export only bopp_plugin_manifest")
