# Regenerates examples/datasets/small.csv (seed 1) and fails unless the bytes are the same.
execute_process(COMMAND ${PYTHON} ${SCRIPT} small --seed 1 -o ${OUTPUT} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "make_dataset.py failed: ${status}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUTPUT} ${EXPECTED}
                RESULT_VARIABLE different)
if(NOT different EQUAL 0)
  message(FATAL_ERROR "make_dataset.py small --seed 1 differs from ${EXPECTED}")
endif()
