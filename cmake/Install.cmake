# `cmake --install <build> --prefix P`: the driver in P/bin, its private programs in
# P/libexec/clonebench (CLONEBENCH_PRIVATE_PROGRAMS), the documentation in
# P/share/doc/clonebench. Man pages and completion install from man/ and completion/.
# The driver finds its private programs at ../libexec/clonebench relative to itself
# (src/process/private_program.hpp), so these two directories are fixed, not GNUInstallDirs' choice.
include(GNUInstallDirs)
install(TARGETS clonebench RUNTIME DESTINATION bin)
install(TARGETS ${CLONEBENCH_PRIVATE_PROGRAMS} RUNTIME DESTINATION libexec/clonebench)

# README.md links docs/<name>.md: the same layout keeps its links working.
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
file(GLOB CLONEBENCH_DOCS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES ${CLONEBENCH_DOCS} DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

# Everything the rules above, man/ and completion/ install, for a build that wants only that
# (scripts/quickstart.sh) rather than every test and benchmark.
add_custom_target(clonebench-installable)
add_dependencies(clonebench-installable clonebench ${CLONEBENCH_PRIVATE_PROGRAMS}
                 clonebench-man-pages clonebench-completion)
