# fgtlm_set_warnings(target): the project's warning level, applied to our own targets only.
function(fgtlm_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
endfunction()
