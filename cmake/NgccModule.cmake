# Modules: one shared library lib<Instance>-<variant>.so per (instance,
# variant) in ${NGCC_MODULE_DIR}, exporting only CryptHash and ngcc_instance()
# (hashes/common/module_entry.cpp), and the manifest of every module built
# (${NGCC_MODULE_DIR}/ngcc_modules.json) that the tools and tests read.
#
# Variants follow the NICCS package layout (docs/architecture.md §2), one row
# each of the variants table hashes/variants.json: an implementation of the
# primitive, its flags (the same for its modules and for the test objects),
# what it requires of the CPU, and how it is emulated where it cannot run.
set(NGCC_MODULE_DIR ${CMAKE_BINARY_DIR}/modules CACHE INTERNAL "")
set(NGCC_MODULE_MANIFEST ${NGCC_MODULE_DIR}/ngcc_modules.json CACHE INTERNAL "")

# The variants of the target architecture: the rows for it and for any.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(NGCC_ARCHITECTURE x86_64)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(NGCC_ARCHITECTURE aarch64)
else()
  set(NGCC_ARCHITECTURE ${CMAKE_SYSTEM_PROCESSOR})
endif()
# NGCC_AVX512_EMULATION: ON, OFF, or AUTO = ON where this host lacks what an
# emulated row requires (or NGCC_CPU_DISABLE hides it) or an extension a
# family may add (the fuzz preset: native code where it can run).
file(STRINGS /proc/cpuinfo _ngcc_cpuinfo REGEX "^flags" LIMIT_COUNT 1)
string(TOUPPER "$ENV{NGCC_CPU_DISABLE}" _ngcc_hidden)
string(REGEX REPLACE "[, \t]+" ";" _ngcc_hidden "${_ngcc_hidden}")
function(_ngcc_host_lacks out)
  set(lacks OFF)
  foreach(pair IN LISTS ARGN)  # FEATURE=cpuinfo-flag
    string(REPLACE "=" ";" pair ${pair})
    list(GET pair 0 feature)
    list(GET pair 1 flag)
    if(NOT " ${_ngcc_cpuinfo} " MATCHES " ${flag} " OR feature IN_LIST _ngcc_hidden)
      set(lacks ON)
    endif()
  endforeach()
  set(${out} ${lacks} PARENT_SCOPE)
endfunction()

set(NGCC_TARGET_VARIANTS "")
set(NGCC_EMULATED_VARIANTS "")
string(JSON _ngcc_row_count LENGTH "${NGCC_DECLARATIONS}" variants)
math(EXPR _ngcc_last_row "${_ngcc_row_count} - 1")
foreach(index RANGE ${_ngcc_last_row})
  ngcc_declarations_get(architecture variants ${index} architecture)
  if(NOT architecture STREQUAL NGCC_ARCHITECTURE AND NOT architecture STREQUAL "any")
    continue()
  endif()
  ngcc_declarations_get(variant variants ${index} variant)
  list(APPEND NGCC_TARGET_VARIANTS ${variant})
  # The source file's suffix (permutation_<file>.cpp) and the name modules
  # report, which differ where the row is emulated.
  ngcc_declarations_get(NGCC_VARIANT_FILE_${variant} variants ${index} implementation)
  set(NGCC_VARIANT_IMPLEMENTATION_${variant} ${NGCC_VARIANT_FILE_${variant}})
  set(NGCC_VARIANT_DEFINITIONS_${variant} "")
  ngcc_declarations_get(NGCC_VARIANT_OBJECT_${variant} variants ${index} object)
  ngcc_declarations_list(NGCC_VARIANT_FLAGS_${variant} variants ${index} flags)
  ngcc_declarations_list(NGCC_VARIANT_REQUIRES_${variant} variants ${index} requires)
  string(JSON NGCC_VARIANT_EXTENSIONS_FROM_${variant} ERROR_VARIABLE none
         GET "${NGCC_DECLARATIONS}" variants ${index} extensions_from)
  string(JSON emulation ERROR_VARIABLE no_emulation GET "${NGCC_DECLARATIONS}" variants ${index} emulation)
  if(no_emulation)
    continue()
  endif()
  set(emulate OFF)
  if(NGCC_AVX512_EMULATION STREQUAL "AUTO")
    set(features "")
    foreach(feature IN LISTS NGCC_VARIANT_REQUIRES_${variant})
      string(TOLOWER ${feature} flag)
      list(APPEND features ${feature}=${flag})
    endforeach()
    ngcc_declarations_get(extensions extensions)
    string(JSON n LENGTH "${extensions}")
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON name MEMBER "${extensions}" ${i})
      string(JSON feature GET "${extensions}" ${name} feature)
      string(JSON flag GET "${extensions}" ${name} cpuinfo)
      list(APPEND features ${feature}=${flag})
    endforeach()
    _ngcc_host_lacks(emulate ${features})
    message(STATUS "NGCC_AVX512_EMULATION=AUTO: ${variant} emulated: ${emulate} on this host")
  elseif(NGCC_AVX512_EMULATION)
    set(emulate ON)
  endif()
  if(emulate)
    list(APPEND NGCC_EMULATED_VARIANTS ${variant})
    ngcc_declarations_get(NGCC_VARIANT_IMPLEMENTATION_${variant} variants ${index} emulation implementation)
    ngcc_declarations_list(NGCC_VARIANT_FLAGS_${variant} variants ${index} emulation flags)
    ngcc_declarations_list(NGCC_VARIANT_REQUIRES_${variant} variants ${index} emulation requires)
    set(NGCC_VARIANT_EXTENSIONS_FROM_${variant} "")
    ngcc_declarations_get(header variants ${index} emulation header)
    ngcc_declarations_get(package variants ${index} emulation package)
    find_path(NGCC_EMULATION_INCLUDE_${variant} ${header})
    if(NOT NGCC_EMULATION_INCLUDE_${variant})
      message(FATAL_ERROR "NGCC_AVX512_EMULATION: the emulated ${variant} variant needs ${header} (Debian package ${package})")
    endif()
    list(APPEND NGCC_EMULATION_INCLUDES ${NGCC_EMULATION_INCLUDE_${variant}})
    ngcc_declarations_get(NGCC_VARIANT_DEFINITIONS_${variant} variants ${index} emulation definition)
  endif()
endforeach()
# Flags every module and test object gets besides its variant's (and -fPIC:
# CMAKE_POSITION_INDEPENDENT_CODE).
set(NGCC_MODULE_COMMON_FLAGS -fvisibility=hidden -fvisibility-inlines-hidden)

# Flags (`out`) and required CPU features (`requires`) of one variant for a
# family with the extensions given: the row's, plus each extension's where
# the row takes the family's extensions.
function(ngcc_variant_flags out requires variant)
  set(flags ${NGCC_VARIANT_FLAGS_${variant}})
  set(features ${NGCC_VARIANT_REQUIRES_${variant}})
  if(NGCC_VARIANT_EXTENSIONS_FROM_${variant})
    foreach(extension IN LISTS ARGN)
      ngcc_declarations_get(flag extensions ${extension} flag)
      ngcc_declarations_get(feature extensions ${extension} feature)
      list(APPEND flags ${flag})
      list(APPEND features ${feature})
    endforeach()
  endif()
  set(${out} ${flags} PARENT_SCOPE)
  set(${requires} ${features} PARENT_SCOPE)
endfunction()

# The compile line of a module's own sources as the compiler sees it, minus
# the -D, -I, -o and -c arguments, in the compiler's order: CMAKE_CXX_FLAGS
# (the preset's), -fPIC, the warnings, the flags above, the variant's flags,
# the language standard. ngcc_instance() reports it; a unit test compares it
# with compile_commands.json.
function(ngcc_compile_line out)
  list(JOIN ARGN " " flags)
  list(JOIN NGCC_MODULE_COMMON_FLAGS " " common)
  list(JOIN NGCC_WARNING_FLAGS " " warnings)
  set(line "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_COMPILE_OPTIONS_PIC} ${warnings} ${common} ${flags} ${CMAKE_CXX${CMAKE_CXX_STANDARD}_STANDARD_COMPILE_OPTION}")
  string(REGEX REPLACE " +" " " line "${line}")
  string(STRIP "${line}" line)
  set(${out} "${line}" PARENT_SCOPE)
endfunction()

# Module targets take no CMAKE_CXX_FLAGS_<CONFIG> (a release build's -O3
# -DNDEBUG): their flags are the variant's, stated above. Call in every
# directory that declares modules.
macro(ngcc_module_directory)
  foreach(config IN ITEMS DEBUG RELEASE RELWITHDEBINFO MINSIZEREL)
    set(CMAKE_CXX_FLAGS_${config} "")
  endforeach()
endmacro()

# The entry point of every module, compiled once with the reference flags.
function(ngcc_add_module_entry)
  add_library(ngcc_module_entry OBJECT
    ${PROJECT_SOURCE_DIR}/hashes/common/module_entry.cpp
    ${PROJECT_SOURCE_DIR}/hashes/common/cpu_features.cpp)
  target_include_directories(ngcc_module_entry PUBLIC
    ${PROJECT_SOURCE_DIR}/hashes/include ${PROJECT_SOURCE_DIR}/hashes)
  target_compile_options(ngcc_module_entry PRIVATE ${NGCC_MODULE_COMMON_FLAGS} ${NGCC_VARIANT_FLAGS_ref})
endfunction()

# ngcc_add_module(TARGET <Instance>-<variant> INSTANCE <Instance> VARIANT <variant>
#                 IMPLEMENTATION <name> KIND candidate|baseline FLAGS <flags...>
#                 SOURCES <sources...> [OBJECTS <object libraries...>]
#                 [REQUIRES <CPU features...>]
#                 [DEFINITIONS ...] [LIBRARIES ...])
# SOURCES define ngcc::kModuleDefinition (common/module.hpp); they see the
# compile line as NGCC_MODULE_BUILD_FLAGS.
function(ngcc_add_module)
  cmake_parse_arguments(M "" "TARGET;INSTANCE;VARIANT;IMPLEMENTATION;KIND"
                        "FLAGS;SOURCES;OBJECTS;DEFINITIONS;LIBRARIES;REQUIRES" ${ARGN})
  set(target ${M_TARGET})
  set(objects $<TARGET_OBJECTS:ngcc_module_entry>)
  foreach(library IN LISTS M_OBJECTS)
    list(APPEND objects $<TARGET_OBJECTS:${library}>)
  endforeach()
  add_library(${target} MODULE ${M_SOURCES} ${objects})
  set_target_properties(${target} PROPERTIES
    PREFIX "lib" OUTPUT_NAME ${target}
    LIBRARY_OUTPUT_DIRECTORY ${NGCC_MODULE_DIR}
    NGCC_INSTANCE ${M_INSTANCE} NGCC_VARIANT ${M_VARIANT} NGCC_IMPLEMENTATION ${M_IMPLEMENTATION}
    NGCC_KIND ${M_KIND} NGCC_OBJECTS "${M_OBJECTS}" NGCC_REQUIRES "${M_REQUIRES}")
  target_include_directories(${target} PRIVATE
    ${PROJECT_SOURCE_DIR}/hashes/include ${PROJECT_SOURCE_DIR}/hashes ${NGCC_FAMILY_TABLE_DIR}
    ${NGCC_EMULATION_INCLUDES})
  target_compile_options(${target} PRIVATE ${NGCC_MODULE_COMMON_FLAGS} ${M_FLAGS})
  ngcc_compile_line(line ${M_FLAGS})
  target_compile_definitions(${target} PRIVATE NGCC_MODULE_BUILD_FLAGS="${line}" ${M_DEFINITIONS})
  target_link_options(${target} PRIVATE -Wl,--no-undefined)
  target_link_libraries(${target} PRIVATE ${M_LIBRARIES})
  # Baselines are not ours: no official KAT files, no ct or fuzz targets.
  if(M_KIND STREQUAL "candidate")
    set_property(GLOBAL APPEND PROPERTY NGCC_MODULES ${target})
  endif()
  set_property(GLOBAL APPEND PROPERTY NGCC_ALL_MODULES ${target})
  set_property(GLOBAL PROPERTY NGCC_MODULE_FLAGS_${target} "${line}")
endfunction()

# ngcc_modules.json (schema ngcc-modules/1): the candidates as declared
# (normalized by tools/hashbench/declarations.py; "implemented": false for a
# declared-only one) and every module built, with its instance, variant,
# implementation, compile line, the CPU features its variant requires
# (hashes/variants.json) and the object libraries of its algorithm code; and
# the names of the variants table's variants.
function(ngcc_write_module_manifest)
  set(doc "{\"schema\": \"ngcc-modules/1\", \"families\": [], \"modules\": []}")
  get_property(families GLOBAL PROPERTY NGCC_FAMILY_DECLARATIONS)
  set(i 0)
  foreach(family IN LISTS families)
    get_property(json GLOBAL PROPERTY NGCC_FAMILY_DECLARATION_${family})
    string(JSON doc SET "${doc}" families ${i} "${json}")
    math(EXPR i "${i} + 1")
  endforeach()
  get_property(modules GLOBAL PROPERTY NGCC_ALL_MODULES)
  set(i 0)
  foreach(target IN LISTS modules)
    set(entry "{}")
    foreach(field IN ITEMS INSTANCE VARIANT IMPLEMENTATION KIND)
      get_target_property(value ${target} NGCC_${field})
      string(TOLOWER ${field} key)
      ngcc_json_string(value "${value}")
      string(JSON entry SET "${entry}" ${key} "${value}")
    endforeach()
    get_property(flags GLOBAL PROPERTY NGCC_MODULE_FLAGS_${target})
    ngcc_json_string(flags "${flags}")
    ngcc_json_string(file "lib${target}.so")
    ngcc_json_string(name "${target}")
    string(JSON entry SET "${entry}" target "${name}")
    string(JSON entry SET "${entry}" file "${file}")
    string(JSON entry SET "${entry}" build_flags "${flags}")
    foreach(field IN ITEMS REQUIRES OBJECTS)
      get_target_property(values ${target} NGCC_${field})
      string(TOLOWER ${field} key)
      string(JSON entry SET "${entry}" ${key} "[]")
      set(k 0)
      foreach(value IN LISTS values)
        ngcc_json_string(value "${value}")
        string(JSON entry SET "${entry}" ${key} ${k} "${value}")
        math(EXPR k "${k} + 1")
      endforeach()
    endforeach()
    string(JSON doc SET "${doc}" modules ${i} "${entry}")
    math(EXPR i "${i} + 1")
  endforeach()
  # Every variant of the table, for the campaign files that name variants.
  string(JSON doc SET "${doc}" variants "[]")
  set(names "")
  ngcc_declarations_list(rows variants)
  foreach(row IN LISTS rows)
    string(JSON variant GET "${row}" variant)
    if(NOT variant IN_LIST names)
      list(LENGTH names k)
      list(APPEND names ${variant})
      string(JSON doc SET "${doc}" variants ${k} "\"${variant}\"")
    endif()
  endforeach()
  file(GENERATE OUTPUT ${NGCC_MODULE_MANIFEST} CONTENT "${doc}\n")
endfunction()

# ngcc_add_test(NAME <exe> LABEL unit|findings|... SOURCES ... [LIBRARIES ...])
# A GoogleTest executable linked with the test support library (module
# loader, manifest, hex helpers); each TEST becomes one ctest entry.
function(ngcc_add_test)
  cmake_parse_arguments(T "" "NAME;LABEL" "SOURCES;LIBRARIES" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES} $<TARGET_OBJECTS:ngcc_test_environment>)
  target_link_libraries(${T_NAME} PRIVATE ngcc_test_support GTest::gtest_main ${T_LIBRARIES})
  # Listed when ctest runs, so suites parameterized over the built modules
  # see every module, whatever the build order.
  gtest_discover_tests(${T_NAME} PROPERTIES LABELS ${T_LABEL} DISCOVERY_MODE PRE_TEST DISCOVERY_TIMEOUT 60)
endfunction()
