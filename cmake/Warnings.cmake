# Applied to every target of this project through clonebench_warnings.
add_library(clonebench_warnings INTERFACE)
target_compile_options(clonebench_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                                                     $<$<COMPILE_LANGUAGE:CXX>:-Wnon-virtual-dtor>)
# g++ 12 reports false -Wrestrict errors inside libstdc++'s string operator+ at -O2 (GCC PR 105329).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(clonebench_warnings INTERFACE -Wno-restrict)
  # Its -Warray-bounds and -Wstringop-overflow also fire inside inlined std::string copies, and
  # whether they fire depends on string lengths known at compile time, such as the checkout's
  # path: CI failed on a test that built cleanly from /work/main but not from /check/work/main.
  # They stay visible as warnings; they do not fail the build (the Linux kernel disabled
  # -Warray-bounds for GCC 12 altogether for the same reason).
  target_compile_options(clonebench_warnings INTERFACE -Wno-error=array-bounds
                                                       -Wno-error=stringop-overflow)
endif()
if(CLONEBENCH_WERROR)
  target_compile_options(clonebench_warnings INTERFACE -Werror)
endif()
