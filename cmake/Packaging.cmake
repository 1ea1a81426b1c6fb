# `cpack -G DEB` in a (Release) build directory: a Debian package of what `cmake --install`
# installs, under /usr, stripped, with its runtime dependencies computed by dpkg-shlibdeps from
# the libraries the executables load (docs/packaging.md).
set(CLONEBENCH_PACKAGE_MAINTAINER "clonebench maintainers <maintainers@clonebench.invalid>"
    CACHE STRING "The Maintainer field of the Debian package")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME clonebench)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${CLONEBENCH_PACKAGE_MAINTAINER})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "measure the cost of creating processes and threads on Linux")
set(CPACK_PACKAGE_DESCRIPTION
    "clonebench measures fork, vfork, clone, clone3, threads, posix_spawn and fork+exec
precisely enough to see a 1-3 % kernel change, explains where the cost goes (fixed
cost vs. cost per page of the parent) and says with honest statistics whether two
kernels or settings differ. It reads and writes stress-ng command lines and output.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# `report --format html` runs gnuplot; everything else works without it.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS gnuplot-nox)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
include(CPack)
