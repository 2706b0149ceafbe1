# Modules: one shared library lib<Instance>-<variant>.so per (instance,
# variant) in ${NGCC_MODULE_DIR}, exporting only CryptHash and ngcc_instance()
# (hashes/common/module_entry.cpp), and the manifest of every module built
# (${NGCC_MODULE_DIR}/ngcc_modules.json) that the tools and tests read.
#
# Variants follow the NICCS package layout (DESIGN.md §2); each has one
# implementation of the primitive and one set of flags, the same for its
# modules and for the test objects:
#   ref     Reference implementation   portable  the guide's reference level -O2
#   opt     Optimized implementation   avx2      -O3 -march=x86-64-v3
#   avx512  Additional implementation  avx512    -O3 -march=x86-64-v3 + AVX-512F/BW/VL
#                                                (+ the family's extensions);
#           with NGCC_AVX512_EMULATION the same source against SIMDe, -O2 -march=x86-64-v3
#           (-Wno-psabi: SIMDe passes 512-bit vectors by value)
# and on AArch64, where `opt` is that architecture's optimized implementation:
#   opt     Optimized implementation   armv8       -O3 -march=armv8-a (AdvSIMD and scalar)
#   sha3    Additional implementation  armv8_sha3  -O3 -march=armv8.2-a+sha3
set(NGCC_MODULE_DIR ${CMAKE_BINARY_DIR}/modules CACHE INTERNAL "")
set(NGCC_MODULE_MANIFEST ${NGCC_MODULE_DIR}/ngcc_modules.json CACHE INTERNAL "")

# The variants of each target architecture: those whose implementations
# build and run there.
set(NGCC_VARIANT_IMPLEMENTATION_ref portable)
set(NGCC_VARIANT_FLAGS_ref -O2)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(NGCC_TARGET_VARIANTS ref opt avx512)
  set(NGCC_VARIANT_IMPLEMENTATION_opt avx2)
  set(NGCC_VARIANT_IMPLEMENTATION_avx512 avx512)
  set(NGCC_VARIANT_FLAGS_opt -O3 -march=x86-64-v3)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(NGCC_TARGET_VARIANTS ref opt sha3)
  set(NGCC_VARIANT_IMPLEMENTATION_opt armv8)
  set(NGCC_VARIANT_IMPLEMENTATION_sha3 armv8_sha3)
  set(NGCC_VARIANT_FLAGS_opt -O3 -march=armv8-a)
  set(NGCC_VARIANT_FLAGS_sha3 -O3 -march=armv8.2-a+sha3)
else()
  set(NGCC_TARGET_VARIANTS ref)
endif()
# NGCC_AVX512_EMULATION: ON, OFF, or AUTO = ON where this host lacks AVX-512
# F/BW/VL/VBMI/VBMI2 or NGCC_CPU_DISABLE hides one (the fuzz preset: native
# code where it can run).
set(NGCC_EMULATE_AVX512 OFF)
if(NOT "avx512" IN_LIST NGCC_TARGET_VARIANTS)
  # No avx512 variant on this target: nothing to emulate.
elseif(NGCC_AVX512_EMULATION STREQUAL "AUTO")
  file(STRINGS /proc/cpuinfo flags REGEX "^flags" LIMIT_COUNT 1)
  string(TOUPPER "$ENV{NGCC_CPU_DISABLE}" hidden)
  string(REGEX REPLACE "[, \t]+" ";" hidden "${hidden}")
  # Our name, then /proc/cpuinfo's (VBMI2 with an underscore).
  foreach(pair IN ITEMS AVX512F=avx512f AVX512BW=avx512bw AVX512VL=avx512vl AVX512VBMI=avx512vbmi
                        AVX512VBMI2=avx512_vbmi2)
    string(REPLACE "=" ";" pair ${pair})
    list(GET pair 0 name)
    list(GET pair 1 extension)
    if(NOT " ${flags} " MATCHES " ${extension} " OR name IN_LIST hidden)
      set(NGCC_EMULATE_AVX512 ON)
    endif()
  endforeach()
  message(STATUS "NGCC_AVX512_EMULATION=AUTO: emulation ${NGCC_EMULATE_AVX512} on this host")
elseif(NGCC_AVX512_EMULATION)
  set(NGCC_EMULATE_AVX512 ON)
endif()
if(NGCC_EMULATE_AVX512)
  find_path(NGCC_SIMDE_INCLUDE simde/x86/avx512.h)
  if(NOT NGCC_SIMDE_INCLUDE)
    message(FATAL_ERROR "NGCC_AVX512_EMULATION needs SIMDe (Debian package libsimde-dev)")
  endif()
  set(NGCC_VARIANT_FLAGS_avx512 -O2 -march=x86-64-v3 -Wno-psabi)
  set(NGCC_VARIANT_IMPLEMENTATION_avx512 avx512-simde)
else()
  set(NGCC_VARIANT_FLAGS_avx512 -O3 -march=x86-64-v3 -mavx512f -mavx512bw -mavx512vl)
endif()
# Flags every module and test object gets besides its variant's (and -fPIC:
# CMAKE_POSITION_INDEPENDENT_CODE).
set(NGCC_MODULE_COMMON_FLAGS -fvisibility=hidden -fvisibility-inlines-hidden)

# Flags of one variant, with a family's extra AVX-512 extensions.
function(ngcc_variant_flags out variant)
  set(flags ${NGCC_VARIANT_FLAGS_${variant}})
  if(variant STREQUAL "avx512" AND NOT NGCC_EMULATE_AVX512)
    foreach(extension IN LISTS ARGN)
      string(TOLOWER "${extension}" extension)
      list(APPEND flags -mavx512${extension})
    endforeach()
  endif()
  set(${out} ${flags} PARENT_SCOPE)
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
#                 [DEFINITIONS ...] [LIBRARIES ...])
# SOURCES define ngcc::kModuleDefinition (common/module.hpp); they see the
# compile line as NGCC_MODULE_BUILD_FLAGS.
function(ngcc_add_module)
  cmake_parse_arguments(M "" "TARGET;INSTANCE;VARIANT;IMPLEMENTATION;KIND"
                        "FLAGS;SOURCES;OBJECTS;DEFINITIONS;LIBRARIES" ${ARGN})
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
    NGCC_KIND ${M_KIND})
  target_include_directories(${target} PRIVATE
    ${PROJECT_SOURCE_DIR}/hashes/include ${PROJECT_SOURCE_DIR}/hashes ${NGCC_SIMDE_INCLUDE})
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
# (candidate.json, normalized by cmake/NgccDeclaration.cmake; "implemented":
# false for a declared-only one) and every module built, with its instance,
# variant, implementation and compile line.
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
    string(JSON doc SET "${doc}" modules ${i} "${entry}")
    math(EXPR i "${i} + 1")
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
