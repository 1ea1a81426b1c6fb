# cmake -DSOURCE_DIR=<repository> -DOUTPUT=<file.cpp> -P write_build_commit.cmake
# Writes OUTPUT, defining clonebench::build_commit() as the commit SOURCE_DIR is at ("-dirty"
# when tracked files differ from it), or "unknown" when SOURCE_DIR is not the top of a git work
# tree (a release tarball, even one unpacked inside another repository). OUTPUT is rewritten
# only when its text changes.
set(commit "unknown")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SOURCE_DIR} rev-parse --show-toplevel
                  OUTPUT_VARIABLE top RESULT_VARIABLE status OUTPUT_STRIP_TRAILING_WHITESPACE
                  ERROR_QUIET)
  file(REAL_PATH "${SOURCE_DIR}" source)
  if(status EQUAL 0)
    file(REAL_PATH "${top}" top)
  endif()
  if(status EQUAL 0 AND top STREQUAL source)
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SOURCE_DIR} rev-parse HEAD
                    OUTPUT_VARIABLE head RESULT_VARIABLE status OUTPUT_STRIP_TRAILING_WHITESPACE
                    ERROR_QUIET)
    if(status EQUAL 0)
      set(commit "${head}")
      execute_process(COMMAND ${GIT_EXECUTABLE} -C ${SOURCE_DIR} status --porcelain
                              --untracked-files=no OUTPUT_VARIABLE changes ERROR_QUIET)
      if(NOT changes STREQUAL "")
        string(APPEND commit "-dirty")
      endif()
    endif()
  endif()
endif()

set(text "// Written by cmake/write_build_commit.cmake at build time: do not edit.
#include \"cli/version_text.hpp\"

std::string_view clonebench::build_commit() {
  return \"${commit}\";
}
")
set(old "")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
