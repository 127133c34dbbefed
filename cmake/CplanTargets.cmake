# Warnings and definitions shared by every target of the project, set in one place.
function(cplan_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  # GCC 12 reports a false -Wdangling-pointer inside yaml-cpp 0.7's own headers (node/impl.h).
  target_compile_options(${target} PRIVATE -Wno-dangling-pointer)
  # ... and a false -Wrestrict inside libstdc++'s std::string at -O3 (GCC bug 105329).
  target_compile_options(${target} PRIVATE -Wno-restrict)
  if(CPLAN_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# Qt targets also get the strict string-cast rules Tiled uses.
function(cplan_qt_target target)
  cplan_set_warnings(${target})
  target_compile_definitions(${target} PRIVATE QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_NO_FOREACH)
endfunction()

# A test executable registered with ctest. Usage:
#   cplan_add_test(NAME name SOURCES a.cpp ... LIBS lib ... [GUI])
function(cplan_add_test)
  cmake_parse_arguments(T "GUI" "NAME" "SOURCES;LIBS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  set_target_properties(${T_NAME} PROPERTIES AUTOMOC ON)
  target_link_libraries(${T_NAME} PRIVATE ${T_LIBS})
  target_compile_definitions(${T_NAME} PRIVATE
    CPLAN_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    CPLAN_TEST_DATA="${PROJECT_SOURCE_DIR}/tests/data"
    CPLAN_SHARED_DIR="${PROJECT_SOURCE_DIR}/../shared"
    CPLAN_BINARY_DIR="${PROJECT_BINARY_DIR}")
  if(T_GUI)
    cplan_qt_target(${T_NAME})
  else()
    cplan_set_warnings(${T_NAME})
  endif()
  add_test(NAME ${T_NAME} COMMAND ${T_NAME})
  # QTEST_FUNCTION_TIMEOUT: Qt Test aborts a test function after 5 minutes; the sanitizer build on a
  # loaded 2-core machine needs longer for the capacity runs. Not a speed check (benchmarks do that).
  set_tests_properties(${T_NAME} PROPERTIES ENVIRONMENT
    "QT_QPA_PLATFORM=offscreen;CPLAN_CATALOG_DIR=${PROJECT_SOURCE_DIR}/resources/catalog;QTEST_FUNCTION_TIMEOUT=1800000")
endfunction()
