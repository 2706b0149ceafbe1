# Checks every candidate declaration under a hashes/ tree against a directory
# of manifests without configuring a build (the same checks the build makes,
# cmake/NgccDeclaration.cmake):
#   cmake -DNGCC_HASHES_DIR=<hashes> -DNGCC_MANIFEST_DIR=<kat_tests/data> -P cmake/check_declarations.cmake
# Prints one line per candidate; a bad declaration ends it with the build's error.
cmake_minimum_required(VERSION 3.25)
if(NOT NGCC_HASHES_DIR OR NOT NGCC_MANIFEST_DIR)
  message(FATAL_ERROR "usage: cmake -DNGCC_HASHES_DIR=<dir> -DNGCC_MANIFEST_DIR=<dir> -P check_declarations.cmake")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/NgccDeclaration.cmake)
ngcc_discover_families(candidates ${NGCC_HASHES_DIR})
foreach(dir IN LISTS candidates)
  ngcc_read_declaration(${dir} ${NGCC_HASHES_DIR} ${NGCC_MANIFEST_DIR})
  list(LENGTH NGCC_DECL_NAMES count)
  if(NGCC_DECL_IMPLEMENTED)
    set(form "ours")
  else()
    set(form "declared only")
  endif()
  message(STATUS "hashes/${dir}: ${NGCC_DECL_FAMILY}, ${count} instances, ${form}")
endforeach()
