# Families: every candidate directory hashes/<dir>/ (cmake/NgccDeclaration.cmake
# finds and checks them) is built here. A family of ours holds
#   candidate.json              the candidate, declared once (see below)
#   <dir>.hpp                   parameters and mode, in namespace ngcc::<dir>
#   permutation.hpp             the primitive: State, Implementation, kImplementations
#   permutation_portable.cpp    defines kPortable  (variant ref)
#   permutation_avx2.cpp        defines kAvx2      (variant opt, optional)
#   permutation_avx512.cpp      defines kAvx512    (variant avx512, optional)
#   permutation_armv8.cpp       defines kArmv8     (variant opt on AArch64, optional)
#   permutation_armv8_sha3.cpp  defines kArmv8Sha3 (variant sha3, optional)
#   tests/<label>_test.cpp      GoogleTest suites, ctest label <label>
# and nothing else that compiles. Anything missing, misspelt or left over is
# a configure error naming the directory. A declared-only candidate
# ("implemented": false, candidate.json alone) is declared and built nothing.
#
# candidate.json:
#   {"candidate_id": "hash-26", "family": "CHIME", "full_name": "The Hash Function CHIME",
#    "avx512_extensions": ["VBMI2"],                       (optional, e.g. -mavx512vbmi2)
#    "instances": [{"name": "CHIME-512", "kat_name": "CHIME-512", "digest_bits": 512,
#                   "params": "kChime512", "baseline": "SHA-512"},
#                  {"name": ..., "xof": true, "max_digest_bits": 65536, ...}]}
# `params` names the instance's Params object in <dir>.hpp; the mode is
# `template <const Params &P> void hash(const Implementation &, msg, msg_bits, out, out_bytes)`.
include(${CMAKE_CURRENT_LIST_DIR}/NgccDeclaration.cmake)
set(NGCC_KAT_MANIFEST_DIR ${PROJECT_SOURCE_DIR}/kat_tests/data)
set(NGCC_IMPLEMENTATION_OBJECT_portable kPortable)
set(NGCC_IMPLEMENTATION_OBJECT_avx2 kAvx2)
set(NGCC_IMPLEMENTATION_OBJECT_avx512 kAvx512)
set(NGCC_IMPLEMENTATION_OBJECT_armv8 kArmv8)
set(NGCC_IMPLEMENTATION_OBJECT_armv8_sha3 kArmv8Sha3)

# Declares hashes/<dir>: its declaration (every candidate) and, for a family
# of ours, the modules, the implementation object libraries and the tests.
function(ngcc_add_family dir)
  set(src ${PROJECT_SOURCE_DIR}/hashes/${dir})
  ngcc_read_declaration(${dir} ${PROJECT_SOURCE_DIR}/hashes ${NGCC_KAT_MANIFEST_DIR})
  set_property(GLOBAL APPEND PROPERTY NGCC_FAMILY_DECLARATIONS ${dir})
  set_property(GLOBAL PROPERTY NGCC_FAMILY_DECLARATION_${dir} "${NGCC_DECL_JSON}")
  set_property(GLOBAL PROPERTY NGCC_FAMILY_NAME_${dir} "${NGCC_DECL_FAMILY}")
  set_property(GLOBAL PROPERTY NGCC_FAMILY_IMPLEMENTED_${dir} ${NGCC_DECL_IMPLEMENTED})
  if(NOT NGCC_DECL_IMPLEMENTED)
    return()
  endif()
  set(implementations ${NGCC_DECL_IMPLEMENTATIONS})
  set(extensions ${NGCC_DECL_EXTENSIONS})
  set(full_name "${NGCC_DECL_FULL_NAME}")

  # The implementation objects: one object library per implementation this
  # target can run (those of NGCC_TARGET_VARIANTS), each
  # with its variant's flags. The tests link every one; each module, its own.
  set(built_variants "")
  set(all_objects "")
  foreach(variant IN LISTS NGCC_TARGET_VARIANTS)
    set(implementation ${NGCC_VARIANT_IMPLEMENTATION_${variant}})
    string(REGEX REPLACE "-simde$" "" file_implementation ${implementation})
    if(NOT file_implementation IN_LIST implementations)
      continue()
    endif()
    ngcc_variant_flags(flags ${variant} ${extensions})
    set(objects ngcc_${dir}_${file_implementation})
    add_library(${objects} OBJECT ${src}/permutation_${file_implementation}.cpp)
    target_include_directories(${objects} PUBLIC
      ${PROJECT_SOURCE_DIR}/hashes/include ${PROJECT_SOURCE_DIR}/hashes ${NGCC_SIMDE_INCLUDE})
    target_compile_options(${objects} PRIVATE ${NGCC_MODULE_COMMON_FLAGS} ${flags})
    if(implementation MATCHES "-simde$")
      target_compile_definitions(${objects} PUBLIC NGCC_AVX512_EMULATION)
    endif()
    list(APPEND all_objects $<TARGET_OBJECTS:${objects}>)
    if(variant IN_LIST NGCC_VARIANTS)
      list(APPEND built_variants ${variant})
    endif()
    set(objects_${variant} ${objects})
    set(flags_${variant} ${flags})
  endforeach()

  # One module per (instance, variant); the module definition takes the
  # instance as normalized (cmake/module_definition.cpp.in).
  string(JSON candidate_id GET "${NGCC_DECL_JSON}" candidate_id)
  set(family "${NGCC_DECL_FAMILY}")
  list(LENGTH NGCC_DECL_NAMES count)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    list(GET NGCC_DECL_PARAMS ${i} params)
    foreach(field IN ITEMS name kat_name baseline digest_bits max_digest_bits)
      string(JSON ${field} GET "${NGCC_DECL_JSON}" instances ${i} ${field})
    endforeach()
    string(JSON xof GET "${NGCC_DECL_JSON}" instances ${i} xof)
    if(xof)
      set(is_xof 1)
    else()
      set(is_xof 0)
    endif()
    foreach(variant IN LISTS built_variants)
      set(implementation ${NGCC_VARIANT_IMPLEMENTATION_${variant}})
      string(REGEX REPLACE "-simde$" "" file_implementation ${implementation})
      set(target ${name}-${variant})
      string(REPLACE "\"" "\\\"" full_name_literal "${full_name}")
      set(NGCC_DEFINITION_IMPLEMENTATION_OBJECT ${NGCC_IMPLEMENTATION_OBJECT_${file_implementation}})
      set(generated ${CMAKE_BINARY_DIR}/module_definitions/${target}.cpp)
      configure_file(${PROJECT_SOURCE_DIR}/cmake/module_definition.cpp.in ${generated} @ONLY)
      ngcc_add_module(TARGET ${target} INSTANCE ${name} VARIANT ${variant}
        IMPLEMENTATION ${implementation} KIND candidate FLAGS ${flags_${variant}}
        SOURCES ${generated} OBJECTS ${objects_${variant}})
      set_property(TARGET ${target} PROPERTY NGCC_FAMILY_DIR ${dir})
    endforeach()
  endforeach()

  # Tests: tests/<label>_test.cpp, linked with every implementation.
  if(NOT NGCC_BUILD_TESTS)
    return()
  endif()
  file(GLOB tests CONFIGURE_DEPENDS RELATIVE ${src}/tests ${src}/tests/*_test.cpp)
  foreach(test IN LISTS tests)
    string(REGEX REPLACE "_test\\.cpp$" "" label ${test})
    set(exe ${dir}_${label}_test)
    ngcc_add_test(NAME ${exe} LABEL ${label} SOURCES ${src}/tests/${test} ${all_objects})
    target_include_directories(${exe} PRIVATE ${PROJECT_SOURCE_DIR}/hashes ${NGCC_SIMDE_INCLUDE})
    target_compile_options(${exe} PRIVATE ${NGCC_VARIANT_FLAGS_ref})
  endforeach()
endfunction()
