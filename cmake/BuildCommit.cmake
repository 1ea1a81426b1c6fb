# clonebench_add_build_commit(TARGET): TARGET gets a generated source defining
# clonebench::build_commit() (src/cli/version_text.hpp), rewritten at every build but changed
# only when the commit or the dirty state is, so an unchanged tree relinks nothing.
function(clonebench_add_build_commit target)
  set(output ${CMAKE_CURRENT_BINARY_DIR}/${target}_build_commit.cpp)
  add_custom_target(
    ${target}-build-commit
    COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DOUTPUT=${output} -P
            ${PROJECT_SOURCE_DIR}/cmake/write_build_commit.cmake
    BYPRODUCTS ${output}
    VERBATIM)
  target_sources(${target} PRIVATE ${output})
  add_dependencies(${target} ${target}-build-commit)
endfunction()
