// The test support itself: skips reach ctest as exit code 77, failures still win over skips,
// --except runs the other functions; the comparator and the lookups.
#include "fixtures.h"
#include "skip.h"
#include "testmain.h"

#include <QProcess>
#include <QTemporaryDir>

#include <cmath>

using namespace cplan;

namespace {

int runFixture(const QStringList &args, bool fail = false)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("CPLAN_SELFTEST_FAIL"));
    if (fail)
        env.insert(QStringLiteral("CPLAN_SELFTEST_FAIL"), QStringLiteral("1"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CPLAN_SELFTEST_FIXTURE), args);
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit)
        return -1;
    return p.exitCode();
}

} // namespace

class TestSupport : public QObject
{
    Q_OBJECT

private slots:
    void exitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("fail");
        QTest::addColumn<int>("code");
        const int skip = test::kSkipReturnCode;
        QTest::newRow("pass") << QStringList{QStringLiteral("passes")} << false << 0;
        QTest::newRow("skip") << QStringList{QStringLiteral("skipsForTool")} << false << skip;
        QTest::newRow("pass + skip") << QStringList{QStringLiteral("passes"), QStringLiteral("skipsForTool")} << false << skip;
        QTest::newRow("whole suite") << QStringList{} << false << skip;
        QTest::newRow("failure wins over skip") << QStringList{QStringLiteral("fails"), QStringLiteral("skipsForTool")} << true << 1;
        QTest::newRow("--except the skip") << QStringList{QStringLiteral("--except"), QStringLiteral("skipsForTool")} << false << 0;
        QTest::newRow("--except still fails") << QStringList{QStringLiteral("--except"), QStringLiteral("skipsForTool")} << true << 1;
        QTest::newRow("--except an unknown name") << QStringList{QStringLiteral("--except"), QStringLiteral("noSuchFunction")} << false << 1;
        QTest::newRow("--except everything")
            << QStringList{QStringLiteral("--except"), QStringLiteral("passes,skipsForTool,fails")} << false << 1;
    }
    void exitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, fail);
        QFETCH(int, code);
        QCOMPARE(runFixture(args, fail), code);
    }

    void near()
    {
        QVERIFY(test::near(1.0, 1.0 + 1e-12));
        QVERIFY(!test::near(1.0, 1.0 + 1e-6));
        QVERIFY(test::near(0.0, 0.0));
        QVERIFY(!test::near(0.0, 1e-12));           // relative: no floor unless asked
        QVERIFY(test::near(0.0, 1e-12, 1e-9, 1e-9));
        QVERIFY(test::near(1e-20, 1.0000000001e-20));
        QVERIFY(!test::near(std::nan(""), std::nan("")));
    }

    void lookups()
    {
        QVERIFY(test::missingTools({"sh"}).isEmpty());
        const QString why = test::missingTools({"sh", "dot-no-such-tool"});
        QVERIFY2(why.startsWith(QStringLiteral("dot-no-such-tool not found")), qPrintable(why));
        QVERIFY(test::missingTools({"pdftoppm-missing"}).contains(QStringLiteral("not found")));
        QVERIFY(test::missingFile(test::sourcePath("samples")).isEmpty());
        QVERIFY(test::missingFile(test::testDataPath("no-such-file"), QStringLiteral("hint")).endsWith(QStringLiteral(": hint")));
        QVERIFY(test::missingFile({}).contains(QStringLiteral("no path")));
        QVERIFY(test::sampleFiles().size() >= 6);
        QCOMPARE(test::samplePath("edr-32gpu"), test::samplePath("edr-32gpu.cluster.yaml"));
        QCOMPARE(test::loadSample("edr-32gpu").nodes.size(), test::loadSample("edr-32gpu.cluster.yaml").nodes.size());
    }

    void bytes()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("f")).toStdString();
        QVERIFY(test::readBytes(path).isEmpty());
        const QByteArray bytes("abc\0def", 7);
        QVERIFY(test::writeBytes(path, bytes));
        QCOMPARE(test::readBytes(path), bytes);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestSupport)
#include "tst_support.moc"
