// Test executables' main(), with skips that reach ctest.
//
// Qt Test's QSKIP leaves an executable's exit code at 0, so ctest would show a suite that could
// not run as "Passed". These macros replace QTEST_APPLESS_MAIN / QTEST_GUILESS_MAIN / QTEST_MAIN
// and run the suite through cplan::test::exec(), which returns kSkipReturnCode (77) when nothing
// failed but something was skipped with CPLAN_SKIP / CPLAN_REQUIRE (skip.h). cplan_add_test()
// (.cmake/CplanTargets.cmake) registers every test with SKIP_RETURN_CODE 77, so ctest shows
// "Skipped" for it; a failure still wins over a skip (the exit code is then the number of
// failures, as with Qt Test).
//
// A suite with some functions that can run everywhere and some that need a tool: list the
// latter in cplan_add_test(... SKIPPABLE fn ...). Each listed function becomes a ctest test of
// its own (`tst_x:fn`, run as `tst_x fn`) that passes, fails or skips on its own, and the main
// test `tst_x` runs every other function (`tst_x --except fn,...`), so its "Passed" is not
// hiding a skip and a skip is not hiding its passes.
#pragma once

#include <QtTest>

class QObject;

namespace cplan::test {

inline constexpr int kSkipReturnCode = 77;

// QTest::qExec plus `--except f1,f2,...` (run every test function but these; an unknown name
// is an error) and the skip exit code. Use through the macros below.
int exec(QObject *testObject, int argc, char **argv);

// Tests name the project's files relative to its source root (CPLAN_SOURCE_DIR is ".",
// CPLAN_TEST_DATA "tests/data", programs of the build as cplan_test_program gives them), so that
// a test compiles alike in every clone and ccache serves one clone what another compiled. main()
// therefore runs from the root: CPLAN_SOURCE_ROOT (cplan_add_test sets it for ctest), else the
// first folder above the executable holding .cmake/CplanTargets.cmake (a test run by hand).
void enterSourceRoot(const char *argv0);

} // namespace cplan::test

#define CPLAN_TEST_MAIN_WRAPPER(TestObject, ...)                                                     \
    int main(int argc, char *argv[])                                                                 \
    {                                                                                                \
        ::cplan::test::enterSourceRoot(argv[0]);                                                     \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                           \
        __VA_ARGS__                                                                                  \
        TestObject tc;                                                                               \
        QTEST_SET_MAIN_SOURCE_PATH                                                                   \
        return ::cplan::test::exec(&tc, argc, argv);                                                 \
    }

// Core tests: no application object (QTEST_APPLESS_MAIN).
#define CPLAN_TEST_APPLESS_MAIN(TestObject) CPLAN_TEST_MAIN_WRAPPER(TestObject)
// Command-line tests: a QCoreApplication (QTEST_GUILESS_MAIN).
#define CPLAN_TEST_GUILESS_MAIN(TestObject) CPLAN_TEST_MAIN_WRAPPER(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
// GUI tests: a QApplication when the test includes QtWidgets, else a QGuiApplication (QTEST_MAIN).
#define CPLAN_TEST_MAIN(TestObject) CPLAN_TEST_MAIN_WRAPPER(TestObject, QTEST_MAIN_SETUP())
