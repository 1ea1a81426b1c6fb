# The census's BPF object (census.bpf.c), compiled with clang for the BPF target at build time,
# and its libbpf skeleton (census.skel.h, which embeds the object) for src/trace. The kernel types
# it reads are declared by hand in census_types.h and relocated at load time (CO-RE), so the build
# does not depend on the running kernel or its BTF. Debian: clang-14, llvm-14, bpftool,
# libbpf-dev (scripts/setup.sh).
find_program(CLONEBENCH_BPF_CLANG NAMES clang-14 clang REQUIRED)
find_program(CLONEBENCH_LLVM_STRIP NAMES llvm-strip-14 llvm-strip REQUIRED)
find_program(CLONEBENCH_BPFTOOL NAMES bpftool PATHS /usr/sbin /sbin REQUIRED)
pkg_check_modules(LIBBPF REQUIRED IMPORTED_TARGET libbpf)

if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|amd64")
  set(CLONEBENCH_BPF_ARCH x86)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|arm64")
  set(CLONEBENCH_BPF_ARCH arm64)
else()
  message(FATAL_ERROR "census.bpf.c: no BPF target for ${CMAKE_SYSTEM_PROCESSOR}")
endif()

set(CENSUS_BPF_DIR ${CMAKE_CURRENT_SOURCE_DIR}/trace/bpf)
set(CENSUS_OUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/generated/trace)
pkg_get_variable(LIBBPF_INCLUDE_DIR libbpf includedir)
add_custom_command(
  OUTPUT ${CENSUS_OUT_DIR}/census.skel.h
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CENSUS_OUT_DIR}
  COMMAND ${CLONEBENCH_BPF_CLANG} -g -O2 -Wall -Werror -target bpf
          -D__TARGET_ARCH_${CLONEBENCH_BPF_ARCH} -I${LIBBPF_INCLUDE_DIR} -c
          ${CENSUS_BPF_DIR}/census.bpf.c -o ${CENSUS_OUT_DIR}/census.bpf.o
  # Keeps .BTF (CO-RE needs it), drops the DWARF (about 12 times smaller).
  COMMAND ${CLONEBENCH_LLVM_STRIP} -g ${CENSUS_OUT_DIR}/census.bpf.o
  COMMAND ${CLONEBENCH_BPFTOOL} gen skeleton ${CENSUS_OUT_DIR}/census.bpf.o name census >
          ${CENSUS_OUT_DIR}/census.skel.h
  DEPENDS ${CENSUS_BPF_DIR}/census.bpf.c ${CENSUS_BPF_DIR}/census_types.h
          ${CENSUS_BPF_DIR}/census_event.h
  COMMENT "Building the census's BPF object and skeleton"
  VERBATIM)
add_custom_target(clonebench_census_skeleton DEPENDS ${CENSUS_OUT_DIR}/census.skel.h)
