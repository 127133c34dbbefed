# tst_support_lint: the test sources keep the rules that make skips reach ctest and keep the
# suite self-contained (tests/README.md). Run by ctest as `cmake -DTESTS_DIR=... -P lint.cmake`.
#  - no bare QSKIP: a QSKIP alone leaves the exit code at 0 and ctest shows "Passed";
#    use CPLAN_SKIP / CPLAN_REQUIRE (tests/support/skip.h);
#  - no QTEST_MAIN / QTEST_APPLESS_MAIN / QTEST_GUILESS_MAIN: the CPLAN_TEST_*MAIN macros
#    (tests/support/testmain.h) turn those skips into exit code 77;
#  - no CPLAN_SHARED_DIR: tests read nothing outside the repository.
file(GLOB_RECURSE sources "${TESTS_DIR}/*.cpp" "${TESTS_DIR}/*.h")
set(problems "")
foreach(f IN LISTS sources)
  file(RELATIVE_PATH rel "${TESTS_DIR}" "${f}")
  # The support library defines the macros; benchmarks and fuzzers are not Qt Test suites.
  if(rel MATCHES "^(support|bench|fuzz)/")
    continue()
  endif()
  file(STRINGS "${f}" lines)
  set(n 0)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    if(line MATCHES "^[ \t]*//")
      continue()
    endif()
    if(line MATCHES "(^|[^_A-Za-z])QSKIP[ \t]*\\(")
      string(APPEND problems "tests/${rel}:${n}: bare QSKIP: use CPLAN_SKIP / CPLAN_REQUIRE (tests/support/skip.h) so ctest shows the skip\n")
    endif()
    if(line MATCHES "(^|[^_A-Za-z])QTEST_(APPLESS_|GUILESS_)?MAIN[ \t]*\\(")
      string(APPEND problems "tests/${rel}:${n}: use CPLAN_TEST_*MAIN (tests/support/testmain.h), which reports skips to ctest\n")
    endif()
    if(line MATCHES "CPLAN_SHARED_DIR")
      string(APPEND problems "tests/${rel}:${n}: tests read nothing outside the repository (data goes in tests/data/)\n")
    endif()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "${problems}")
endif()
list(LENGTH sources count)
message(STATUS "tst_support_lint: ${count} files checked")
