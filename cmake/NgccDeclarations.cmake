# The candidates as declared (candidates/<id>-<name>/) and the variants table
# (hashes/variants.json), read and checked once by tools/hashbench/declarations.py
# at configure time; the build reads only the normalised file it writes,
# ${CMAKE_BINARY_DIR}/ngcc_declarations.json (docs/families.md).
set(NGCC_DECLARATIONS_FILE ${CMAKE_BINARY_DIR}/ngcc_declarations.json)
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${PROJECT_SOURCE_DIR}/tools /usr/bin/python3 -m hashbench.declarations
          --root ${PROJECT_SOURCE_DIR} --out ${NGCC_DECLARATIONS_FILE}
  RESULT_VARIABLE _ngcc_declarations_status ERROR_VARIABLE _ngcc_declarations_error)
if(NOT _ngcc_declarations_status EQUAL 0)
  string(STRIP "${_ngcc_declarations_error}" _ngcc_declarations_error)
  message(FATAL_ERROR "${_ngcc_declarations_error}")
endif()
# A configured build reruns when a declaration, a manifest, the table or a
# family's file list changes.
file(GLOB _ngcc_declaration_inputs CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/candidates/*/* ${PROJECT_SOURCE_DIR}/hashes/*/permutation*.cpp)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/hashes/variants.json ${PROJECT_SOURCE_DIR}/tools/hashbench/declarations.py)
file(READ ${NGCC_DECLARATIONS_FILE} NGCC_DECLARATIONS)

# `out` = the JSON value at the keys given, from the normalised file.
function(ngcc_declarations_get out)
  string(JSON value GET "${NGCC_DECLARATIONS}" ${ARGN})
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# `out` = the elements of the JSON array at the keys given, as a CMake list.
function(ngcc_declarations_list out)
  string(JSON n LENGTH "${NGCC_DECLARATIONS}" ${ARGN})
  set(items "")
  if(n GREATER 0)
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON item GET "${NGCC_DECLARATIONS}" ${ARGN} ${i})
      list(APPEND items "${item}")
    endforeach()
  endif()
  set(${out} "${items}" PARENT_SCOPE)
endfunction()

# A JSON string literal.
function(ngcc_json_string out value)
  string(REPLACE "\\" "\\\\" value "${value}")
  string(REPLACE "\"" "\\\"" value "${value}")
  set(${out} "\"${value}\"" PARENT_SCOPE)
endfunction()
