// A suite for tst_support to run: one function passes, one skips for a missing tool, one fails
// when CPLAN_SELFTEST_FAIL is set. Not registered with ctest itself.
#include "skip.h"
#include "testmain.h"

#include <QObject>

class SelfTestFixture : public QObject
{
    Q_OBJECT

private slots:
    void passes() { QVERIFY(true); }
    void skipsForTool() { CPLAN_REQUIRE_TOOLS("cplan-no-such-tool"); QFAIL("ran although the tool is missing"); }
    void fails() { QVERIFY(qEnvironmentVariableIsEmpty("CPLAN_SELFTEST_FAIL")); }
};

CPLAN_TEST_APPLESS_MAIN(SelfTestFixture)
#include "selftest_fixture.moc"
