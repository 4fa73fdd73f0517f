# Warnings on for every target of the project: bopp_warnings(TARGET).
function(bopp_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic>
    $<$<COMPILE_LANGUAGE:C>:-Wall -Wextra -Wpedantic>)
  if(BOPP_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
