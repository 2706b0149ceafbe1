# ngcc_add_module(NAME <Instance> VARIANT ref|opt|openssl SOURCES ... [DEFINITIONS ...]
#                 [LIBRARIES ...])
#
# Builds lib<Instance>-<variant>.so into ${NGCC_MODULE_DIR}, exporting only
# CryptHash and ngcc_instance (everything else hidden). Flags follow
# DESIGN.md §2: ref = the guide's reference flags (-O2, portable);
# opt = -O3 -march=x86-64-v3 (AVX2 baseline; AVX-512 only behind runtime
# dispatch, enabled per source file by the family). Every module gets the
# KAT tests of kat_tests/ (registered by ngcc_register_kat_tests).
set(NGCC_MODULE_DIR ${CMAKE_BINARY_DIR}/modules CACHE INTERNAL "")
set(NGCC_REF_FLAGS -O2 CACHE INTERNAL "")
set(NGCC_OPT_FLAGS -O3 -march=x86-64-v3 CACHE INTERNAL "")

function(ngcc_add_module)
  cmake_parse_arguments(M "" "NAME;VARIANT" "SOURCES;DEFINITIONS;LIBRARIES" ${ARGN})
  if(NOT M_NAME OR NOT M_VARIANT OR NOT M_SOURCES)
    message(FATAL_ERROR "ngcc_add_module: NAME, VARIANT and SOURCES are required")
  endif()
  if(M_VARIANT STREQUAL "opt")
    if(NOT NGCC_BUILD_OPT)
      return()
    endif()
    set(flags ${NGCC_OPT_FLAGS})
  elseif(M_VARIANT STREQUAL "ref" OR M_VARIANT STREQUAL "openssl")
    set(flags ${NGCC_REF_FLAGS})
  else()
    message(FATAL_ERROR "ngcc_add_module(${M_NAME}): VARIANT must be ref, opt or openssl")
  endif()
  set(target ${M_NAME}-${M_VARIANT})
  add_library(${target} MODULE ${M_SOURCES})
  set_target_properties(${target} PROPERTIES
    PREFIX "lib" OUTPUT_NAME ${target}
    LIBRARY_OUTPUT_DIRECTORY ${NGCC_MODULE_DIR}
    CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  target_include_directories(${target} PRIVATE
    ${PROJECT_SOURCE_DIR}/hashes/include ${PROJECT_SOURCE_DIR}/hashes)
  target_compile_definitions(${target} PRIVATE NGCC_VARIANT="${M_VARIANT}" ${M_DEFINITIONS})
  target_compile_options(${target} PRIVATE ${flags})
  target_link_options(${target} PRIVATE -Wl,--no-undefined)
  if(M_LIBRARIES)
    target_link_libraries(${target} PRIVATE ${M_LIBRARIES})
  endif()
  # Baselines (variant openssl) have no official KAT files.
  if(NOT M_VARIANT STREQUAL "openssl")
    set_property(GLOBAL APPEND PROPERTY NGCC_MODULES ${target})
  endif()
  set_property(GLOBAL APPEND PROPERTY NGCC_ALL_MODULES ${target})
endfunction()

# ngcc_add_test(NAME <exe> LABEL unit|findings|... SOURCES ... [LIBRARIES ...])
# A GoogleTest executable linked with the test support library (module
# loader, hex helpers, NGCC_MODULE_DIR); each TEST becomes one ctest entry.
function(ngcc_add_test)
  cmake_parse_arguments(T "" "NAME;LABEL" "SOURCES;LIBRARIES" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE ngcc_test_support GTest::gtest_main ${T_LIBRARIES})
  # Listed when ctest runs, so suites parameterized over the built modules
  # see every module, whatever the build order.
  gtest_discover_tests(${T_NAME} PROPERTIES LABELS ${T_LABEL} DISCOVERY_MODE PRE_TEST DISCOVERY_TIMEOUT 60)
endfunction()
