# cmake -DMODULE=<gpsample module> -DREFERENCE=<a plugin on bopp::bo> -P check_portable_numerics.cmake
# gpsample must name the same function on every machine, so it is built on bopp::bo_portable
# and must not load OpenBLAS or LAPACKE, whose kernels (and rounding) depend on the CPU. The
# reference plugin must load them, or the check would pass without looking.
foreach(file MODULE REFERENCE)
  execute_process(COMMAND readelf -d ${${file}} OUTPUT_VARIABLE dynamic RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "readelf -d ${${file}} failed")
  endif()
  string(REGEX MATCHALL "lib(openblas|lapacke)[^]]*" blas "${dynamic}")
  set(${file}_BLAS "${blas}")
endforeach()
if(MODULE_BLAS)
  message(FATAL_ERROR "${MODULE} links ${MODULE_BLAS}: its values would depend on the CPU")
endif()
if(NOT REFERENCE_BLAS)
  message(FATAL_ERROR "${REFERENCE} links no OpenBLAS: the check cannot tell")
endif()
message(STATUS "${MODULE}: no OpenBLAS; ${REFERENCE}: ${REFERENCE_BLAS}")
