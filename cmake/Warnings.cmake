# Applied to every target of this project through clonebench_warnings.
add_library(clonebench_warnings INTERFACE)
target_compile_options(clonebench_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                                                     $<$<COMPILE_LANGUAGE:CXX>:-Wnon-virtual-dtor>)
# g++ 12 reports false -Wrestrict errors inside libstdc++'s string operator+ at -O2 (GCC PR 105329).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(clonebench_warnings INTERFACE -Wno-restrict)
endif()
if(CLONEBENCH_WERROR)
  target_compile_options(clonebench_warnings INTERFACE -Werror)
endif()
