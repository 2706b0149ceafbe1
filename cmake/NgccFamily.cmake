# Families: every candidate we implement (candidates/<id>-<name>/ without
# "implemented": false, read by cmake/NgccDeclarations.cmake) has its code in
# hashes/<dir>/ and is built here:
#   <dir>.hpp                   parameters and mode, in namespace ngcc::<dir>
#   permutation.hpp             the primitive: State, Implementation, kImplementations
#   permutation_<file>.cpp      one per row of hashes/variants.json the family
#                               serves (portable, avx2, avx512, armv8,
#                               armv8_sha3), defining the row's object (kPortable, …)
#   tests/<label>_test.cpp      GoogleTest suites, ctest label <label>
# and nothing else that compiles (tools/hashbench/declarations.py refuses the rest).
# permutation.hpp includes <dir>/implementations.hpp, which this file writes
# from the variants table (kImplementations).
# Each instance's `params` names its Params object in <dir>.hpp; the mode is
# `template <const Params &P> void hash(const Implementation &, msg, msg_bits, out, out_bytes)`.

set(NGCC_FAMILY_TABLE_DIR ${CMAKE_BINARY_DIR}/families)

# Declares candidate `index` of the declarations: its declaration (every
# candidate) and, for a family of ours, the modules, the implementation
# object libraries and the tests.
function(ngcc_add_family index)
  ngcc_declarations_get(declaration candidates ${index} declaration)
  string(JSON dir GET "${declaration}" directory)
  string(JSON family GET "${declaration}" family)
  string(JSON implemented GET "${declaration}" implemented)
  set_property(GLOBAL APPEND PROPERTY NGCC_FAMILY_DECLARATIONS ${dir})
  set_property(GLOBAL PROPERTY NGCC_FAMILY_DECLARATION_${dir} "${declaration}")
  set_property(GLOBAL PROPERTY NGCC_FAMILY_NAME_${dir} "${family}")
  set_property(GLOBAL PROPERTY NGCC_FAMILY_IMPLEMENTED_${dir} ${implemented})
  ngcc_declarations_list(baselines candidates ${index} declaration instances)
  foreach(instance IN LISTS baselines)
    string(JSON baseline GET "${instance}" baseline)
    set_property(GLOBAL APPEND PROPERTY NGCC_REQUESTED_BASELINES ${baseline})
  endforeach()
  if(NOT implemented)
    return()
  endif()
  set(src ${PROJECT_SOURCE_DIR}/hashes/${dir})
  ngcc_declarations_list(implementations candidates ${index} implementations)
  ngcc_declarations_list(extensions candidates ${index} avx512_extensions)
  ngcc_declarations_list(params_list candidates ${index} params)
  string(JSON full_name GET "${declaration}" full_name)

  # The implementation objects: one object library per implementation this
  # target can run (those of NGCC_TARGET_VARIANTS), each
  # with its variant's flags. The tests link every one; each module, its own.
  set(built_variants "")
  set(all_objects "")
  set(table_objects "")
  foreach(variant IN LISTS NGCC_TARGET_VARIANTS)
    set(file_implementation ${NGCC_VARIANT_FILE_${variant}})
    if(NOT file_implementation IN_LIST implementations)
      continue()
    endif()
    ngcc_variant_flags(flags requires ${variant} ${extensions})
    set(objects ngcc_${dir}_${file_implementation})
    add_library(${objects} OBJECT ${src}/permutation_${file_implementation}.cpp)
    target_include_directories(${objects} PUBLIC
      ${PROJECT_SOURCE_DIR}/hashes/include ${PROJECT_SOURCE_DIR}/hashes ${NGCC_FAMILY_TABLE_DIR}
      ${NGCC_EMULATION_INCLUDES})
    target_compile_options(${objects} PRIVATE ${NGCC_MODULE_COMMON_FLAGS} ${flags})
    if(NGCC_VARIANT_DEFINITIONS_${variant})
      target_compile_definitions(${objects} PUBLIC ${NGCC_VARIANT_DEFINITIONS_${variant}})
    endif()
    list(APPEND all_objects $<TARGET_OBJECTS:${objects}>)
    list(APPEND table_objects ${NGCC_VARIANT_OBJECT_${variant}})
    if(variant IN_LIST NGCC_VARIANTS)
      list(APPEND built_variants ${variant})
    endif()
    set(objects_${variant} ${objects})
    set(flags_${variant} ${flags})
    set(requires_${variant} ${requires})
  endforeach()

  # The family's table of implementations, kImplementations: one entry per
  # object above, in the order of the variants table, which permutation.hpp
  # includes; a new row of the table needs no edit of the family's headers.
  set(table "// Written by cmake/NgccFamily.cmake: the implementations of ngcc::${dir} this\n")
  string(APPEND table "// build has, one per row of hashes/variants.json the family serves here.\n#pragma once\n\n")
  string(APPEND table "namespace ngcc::${dir} {\n\n")
  foreach(object IN LISTS table_objects)
    string(APPEND table "extern const Implementation ${object};\n")
  endforeach()
  list(TRANSFORM table_objects PREPEND "&")
  list(JOIN table_objects ", " entries)
  string(APPEND table "\ninline const Implementation *const kImplementations[] = {${entries}};\n\n}  // namespace ngcc::${dir}\n")
  file(CONFIGURE OUTPUT ${NGCC_FAMILY_TABLE_DIR}/${dir}/implementations.hpp CONTENT "${table}" @ONLY)

  # One module per (instance, variant); the module definition takes the
  # instance as normalized (cmake/module_definition.cpp.in).
  string(JSON candidate_id GET "${declaration}" candidate_id)
  list(LENGTH params_list count)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    list(GET params_list ${i} params)
    foreach(field IN ITEMS name kat_name baseline digest_bits max_digest_bits)
      string(JSON ${field} GET "${declaration}" instances ${i} ${field})
    endforeach()
    string(JSON xof GET "${declaration}" instances ${i} xof)
    if(xof)
      set(is_xof 1)
    else()
      set(is_xof 0)
    endif()
    foreach(variant IN LISTS built_variants)
      set(implementation ${NGCC_VARIANT_IMPLEMENTATION_${variant}})
      set(target ${name}-${variant})
      string(REPLACE "\"" "\\\"" full_name_literal "${full_name}")
      set(NGCC_DEFINITION_IMPLEMENTATION_OBJECT ${NGCC_VARIANT_OBJECT_${variant}})
      set(generated ${CMAKE_BINARY_DIR}/module_definitions/${target}.cpp)
      configure_file(${PROJECT_SOURCE_DIR}/cmake/module_definition.cpp.in ${generated} @ONLY)
      ngcc_add_module(TARGET ${target} INSTANCE ${name} VARIANT ${variant}
        IMPLEMENTATION ${implementation} KIND candidate FLAGS ${flags_${variant}} REQUIRES ${requires_${variant}}
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
    target_include_directories(${exe} PRIVATE ${PROJECT_SOURCE_DIR}/hashes ${NGCC_FAMILY_TABLE_DIR}
                               ${NGCC_EMULATION_INCLUDES})
    target_compile_options(${exe} PRIVATE ${NGCC_VARIANT_FLAGS_ref})
  endforeach()
endfunction()
