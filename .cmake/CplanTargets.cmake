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

# A Qt Test executable registered with ctest. Usage:
#   cplan_add_test(NAME name SOURCES a.cpp ... LIBS lib ... [GUI]
#                  [SKIPPABLE function ...] [LABELS label ...] [TIMEOUT seconds]
#                  [RESOURCE_LOCK name ...])
# It links cplan_test_support (tests/support/) and is registered with SKIP_RETURN_CODE 77: a
# suite whose main() is CPLAN_TEST_*MAIN (tests/support/testmain.h) exits with 77 when nothing
# failed but a CPLAN_REQUIRE / CPLAN_SKIP skipped something, and ctest shows it as skipped.
# SKIPPABLE: test functions that may skip where the rest of the suite runs (they need a tool,
# data or root). Each becomes its own ctest test NAME:function (`NAME function`), and the test
# NAME runs all the others (`NAME --except f1,f2`), so no skip hides behind a "Passed".
# ctest runs tests in parallel (-j): RESOURCE_LOCK names what a test must not share with another
# test holding the same name (a fixed file, a daemon's port). The tests of one executable
# (SKIPPABLE) always share one lock: they use the same settings, application data and files.
# LABELS external: the test drives an outside program (ibsim + OpenSM, Slurm, LibreOffice); CI
# runs those once, in the plain build, not again under the sanitizers.
function(cplan_add_test)
  cmake_parse_arguments(T "GUI" "NAME;TIMEOUT" "SOURCES;LIBS;SKIPPABLE;LABELS;RESOURCE_LOCK" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  set_target_properties(${T_NAME} PROPERTIES AUTOMOC ON)
  target_link_libraries(${T_NAME} PRIVATE cplan_test_support ${T_LIBS})
  # Paths relative to the source root, the working directory testmain.h gives every test: the
  # same compile line in every clone, so ccache serves CI what a developer's build compiled.
  file(RELATIVE_PATH binary_dir "${PROJECT_SOURCE_DIR}" "${PROJECT_BINARY_DIR}")
  target_compile_definitions(${T_NAME} PRIVATE
    CPLAN_SOURCE_DIR="."
    CPLAN_TEST_DATA="tests/data"
    CPLAN_BINARY_DIR="${binary_dir}")
  if(T_GUI)
    cplan_qt_target(${T_NAME})
  else()
    cplan_set_warnings(${T_NAME})
  endif()
  set(tests ${T_NAME})
  if(T_SKIPPABLE)
    list(JOIN T_SKIPPABLE "," except)
    add_test(NAME ${T_NAME} COMMAND ${T_NAME} --except ${except})
    foreach(fn IN LISTS T_SKIPPABLE)
      add_test(NAME ${T_NAME}:${fn} COMMAND ${T_NAME} ${fn})
      list(APPEND tests ${T_NAME}:${fn})
    endforeach()
  else()
    add_test(NAME ${T_NAME} COMMAND ${T_NAME})
  endif()
  # QTEST_FUNCTION_TIMEOUT: Qt Test aborts a test function after 5 minutes; the sanitizer build on a
  # loaded 2-core machine needs longer for the capacity runs. Not a speed check (benchmarks do that).
  set_tests_properties(${tests} PROPERTIES SKIP_RETURN_CODE 77 ENVIRONMENT
    "QT_QPA_PLATFORM=offscreen;CPLAN_CATALOG_DIR=${PROJECT_SOURCE_DIR}/resources/catalog;QTEST_FUNCTION_TIMEOUT=1800000;CPLAN_SOURCE_ROOT=${PROJECT_SOURCE_DIR}")
  if(T_LABELS)
    set_property(TEST ${tests} APPEND PROPERTY LABELS ${T_LABELS})
  endif()
  if(T_SKIPPABLE)
    list(APPEND T_RESOURCE_LOCK ${T_NAME})
  endif()
  if(T_RESOURCE_LOCK)
    set_property(TEST ${tests} APPEND PROPERTY RESOURCE_LOCK ${T_RESOURCE_LOCK})
  endif()
  if(T_TIMEOUT)
    set_tests_properties(${tests} PROPERTIES TIMEOUT ${T_TIMEOUT})
  endif()
endfunction()

# A test that runs a program of the build: `macro` is the program's path relative to the source
# root (the test's working directory, testmain.h), for the same reason as cplan_add_test's paths.
function(cplan_test_program target macro program)
  target_compile_definitions(${target} PRIVATE ${macro}="$<PATH:RELATIVE_PATH,$<TARGET_FILE:${program}>,${PROJECT_SOURCE_DIR}>")
endfunction()
