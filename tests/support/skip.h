// Skipping a test that cannot run here (a tool, a file or root is missing), so that ctest shows
// it as skipped, never as passed. Use these instead of QSKIP (a lint test, tst_support_lint,
// finds a bare QSKIP or QTEST_*MAIN in tests/):
//
//   CPLAN_REQUIRE_TOOLS("dot");                          // skips unless `dot` is on PATH
//   CPLAN_REQUIRE(cplan::test::missingFile(path, "set CPLAN_ALIBABA_TRACE_DIR"));
//   CPLAN_REQUIRE(cplan::test::ibFabricMissing());      // tests/integration/ibfabric.h
//   CPLAN_SKIP("the scheduling engine is not in this build");
//
// Each records the reason and then QSKIPs (in initTestCase that skips the whole suite; in a
// data-driven function, the current row). The executable's main() (testmain.h) then exits with
// kSkipReturnCode instead of 0. A function that can skip where the rest of its suite can run
// belongs in the SKIPPABLE list of cplan_add_test(), so that it shows as a ctest test of its own.
#pragma once

#include <QString>
#include <QStringList>
#include <QtTest>

#include <initializer_list>
#include <string>

namespace cplan::test {

// Records a skip for the exit code (and prints the reason once more at the end of the run).
void noteSkip(const QString &reason);
// How many skips were recorded in this run, and why.
QStringList skipReasons();

// An executable on PATH, or in /usr/sbin and /sbin (OpenSM and infiniband-diags install there,
// which a user's PATH often lacks); empty when there is none.
QString findTool(const QString &name);
// Empty when every tool is found; otherwise "NAME not found (Debian: PACKAGE)" for the first
// missing one, the package named from the list in skip.cpp (the README's --with-tools list).
QString missingTools(std::initializer_list<const char *> tools);
// Empty when the file or folder exists; otherwise "PATH not found" and the hint.
QString missingFile(const std::string &path, const QString &hint = {});

} // namespace cplan::test

#define CPLAN_SKIP(reason)                                                                           \
    do {                                                                                             \
        const QString cplanSkipReason_ = (reason);                                                   \
        ::cplan::test::noteSkip(cplanSkipReason_);                                                   \
        QSKIP(qPrintable(cplanSkipReason_));                                                         \
    } while (false)

// Skips when `missingReason` (a QString) is not empty.
#define CPLAN_REQUIRE(missingReason)                                                                 \
    do {                                                                                             \
        const QString cplanMissing_ = (missingReason);                                               \
        if (!cplanMissing_.isEmpty())                                                                \
            CPLAN_SKIP(cplanMissing_);                                                               \
    } while (false)

#define CPLAN_REQUIRE_TOOLS(...) CPLAN_REQUIRE(::cplan::test::missingTools({__VA_ARGS__}))
