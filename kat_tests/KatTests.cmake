# ngcc_add_kat_tests(): the official KAT files of every module of ours (the
# global property NGCC_MODULES; baselines have no KAT files). Call it once
# every module is declared.
#
#   KAT_<kind>/<module>  one file of one module, e.g. ctest -R KAT_2_33/CHIME-512-opt;
#                        label kat-quick (2_12, 2_23) or kat-long (2_33, Loop);
#                        the other variants of the instance are its --reference
#   KAT_all              every file of every module in one ngcc-kat run, label
#                        kat-full: long messages drawn once, every core busy;
#                        writes kat_output/kat.json (what tools/ngcc kat runs)
#
# Files go to <build>/kat_output/<module>/.
function(ngcc_add_kat_tests)
  get_property(modules GLOBAL PROPERTY NGCC_MODULES)
  set(common --manifests ${PROJECT_SOURCE_DIR}/candidates --out ${CMAKE_BINARY_DIR}/kat_output)
  if(CMAKE_CROSSCOMPILING)
    # One child at a time and no draw threads: qemu-user stalls on threads.
    list(APPEND common --jobs 1)
  endif()
  set(files)
  foreach(target IN LISTS modules)
    list(APPEND files $<TARGET_FILE:${target}>)
    string(REGEX REPLACE "-[^-]+$" "" instance ${target})
    set(references)
    foreach(other IN LISTS modules)
      if(NOT other STREQUAL target AND other MATCHES "^${instance}-[^-]+$")
        list(APPEND references --reference $<TARGET_FILE:${other}>)
      endif()
    endforeach()
    foreach(kind 2_12 2_23 2_33 Loop)
      set(test KAT_${kind}/${target})
      add_test(NAME ${test} COMMAND ngcc-kat $<TARGET_FILE:${target}> --kinds ${kind} ${references} ${common})
      if(kind STREQUAL "2_12" OR kind STREQUAL "2_23")
        set_tests_properties(${test} PROPERTIES LABELS kat-quick)
      else()
        set_tests_properties(${test} PROPERTIES LABELS kat-long TIMEOUT 3600)
      endif()
    endforeach()
  endforeach()
  if(files)
    add_test(NAME KAT_all COMMAND ngcc-kat ${files} ${common} --json ${CMAKE_BINARY_DIR}/kat_output/kat.json)
    set_tests_properties(KAT_all PROPERTIES LABELS kat-full RUN_SERIAL ON TIMEOUT 3600)
  endif()
endfunction()
