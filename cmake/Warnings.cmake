# Applied to every target of this project through clonebench_warnings.
add_library(clonebench_warnings INTERFACE)
target_compile_options(clonebench_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                                                     -Wnon-virtual-dtor)
if(CLONEBENCH_WERROR)
  target_compile_options(clonebench_warnings INTERFACE -Werror)
endif()
