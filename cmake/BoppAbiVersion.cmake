# Reads the plugin ABI version from sdk/include/bopp/abi.h, the one place it is written, into
# BOPP_ABI_MAJOR, BOPP_ABI_MINOR and BOPP_ABI_VERSION ("MAJOR.MINOR"). The installed CMake
# package takes the ABI version as its own (docs/abi.md, "Versioning").
function(bopp_read_abi_version header)
  file(STRINGS ${header} lines REGEX "^#define BOPP_ABI_(MAJOR|MINOR) +[0-9]+ *$")
  foreach(line IN LISTS lines)
    if(line MATCHES "^#define BOPP_ABI_(MAJOR|MINOR) +([0-9]+)")
      set(BOPP_ABI_${CMAKE_MATCH_1} ${CMAKE_MATCH_2})
    endif()
  endforeach()
  if(NOT DEFINED BOPP_ABI_MAJOR OR NOT DEFINED BOPP_ABI_MINOR)
    message(FATAL_ERROR "${header}: no '#define BOPP_ABI_MAJOR n' and '#define BOPP_ABI_MINOR n'")
  endif()
  set(BOPP_ABI_MAJOR ${BOPP_ABI_MAJOR} PARENT_SCOPE)
  set(BOPP_ABI_MINOR ${BOPP_ABI_MINOR} PARENT_SCOPE)
  set(BOPP_ABI_VERSION ${BOPP_ABI_MAJOR}.${BOPP_ABI_MINOR} PARENT_SCOPE)
endfunction()
