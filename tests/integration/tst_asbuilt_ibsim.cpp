// The as-built acceptance on the real tools: a planned fabric and its miswired twin (two cables
// swapped at their server ends, one leaf-spine cable left out, one extra cable between free
// ports); the twin comes up in ibsim + OpenSM, the real ibnetdiscover reads it back, and
// `cplan verify` reports exactly 2 misconnected, 1 missing, 1 unexpected, 0 different and exits
// 1; the untouched plan, through the same tools, verifies with exit 0.
// Skips without root and Debian ibsim-utils, opensm, infiniband-diags.
#include "asbuilttwin.h"
#include "fixtures.h"
#include "ibfabric.h"
#include "skip.h"
#include "testmain.h"

#include "io/designyaml.h"
#include "io/ibnetdiscover.h"
#include "routing/fabric.h"
#include "util/atomicfile.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace cplan;
using namespace cplan::test;

class TestAsBuiltIbsim : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    Catalog m_catalog;
    Design m_plan;
    QString m_planFile;

    // What the real ibnetdiscover prints for `design` brought up in ibsim, written to a file.
    QString discovered(const Design &design, const char *name)
    {
        const QString topo = m_dir.filePath(QString::fromLatin1(name) + QStringLiteral(".export"));
        if (!writeFileAtomically(topo.toStdString(), exportIbnetdiscover(design, Fabric::build(design, m_catalog))).ok())
            qFatal("cannot write %s", qPrintable(topo));
        QString error;
        const QString seen = ibnetdiscoverOf(topo, &error);
        if (seen.isEmpty())
            qFatal("ibsim/ibnetdiscover: %s", qPrintable(error));
        const QString out = m_dir.filePath(QString::fromLatin1(name) + QStringLiteral(".ibnetdiscover"));
        writeBytes(out.toStdString(), seen.toUtf8());
        return out;
    }

    ProgramRun verify(const QString &asBuilt)
    {
        return runProgram(QStringLiteral(CPLAN_EXECUTABLE), {QStringLiteral("--json"), QStringLiteral("verify"), m_planFile, asBuilt},
                          m_dir.filePath(QStringLiteral("store.sqlite")));
    }

private slots:
    void initTestCase()
    {
        CPLAN_REQUIRE(ibFabricMissing());
        QVERIFY(m_dir.isValid());
        m_catalog = builtinCatalog();
        auto plan = plannedFabric(m_catalog);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().toString().c_str());
        m_plan = std::move(*plan);
        m_planFile = m_dir.filePath(QStringLiteral("plan.cluster.yaml"));
        QVERIFY(saveDesign(m_plan, m_planFile.toStdString()).ok());
    }

    void miswiredTwinInIbsim()
    {
        Miswiring what;
        const Design twin = miswiredTwin(m_plan, m_catalog, &what);
        QVERIFY(!what.swappedB.empty() && !what.removedLink.empty() && !what.extraB.empty());
        const ProgramRun r = verify(discovered(twin, "twin"));
        QVERIFY2(r.code == 1, r.err.constData());
        const QJsonObject s = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("summary")).toObject();
        QCOMPARE(s.value(QStringLiteral("misconnected")).toInt(), 2);
        QCOMPARE(s.value(QStringLiteral("missing")).toInt(), 1);
        QCOMPARE(s.value(QStringLiteral("unexpected")).toInt(), 1);
        QCOMPARE(s.value(QStringLiteral("different")).toInt(), 0);
        QCOMPARE(s.value(QStringLiteral("nodes_missing")).toInt(), 0);
        QCOMPARE(s.value(QStringLiteral("nodes_unexpected")).toInt(), 0);
        QCOMPARE(s.value(QStringLiteral("swapped_pairs")).toInt(), 1);
    }

    void untouchedPlanInIbsim()
    {
        const ProgramRun r = verify(discovered(m_plan, "plan"));
        QVERIFY2(r.code == 0, (r.out + r.err).constData());
    }
};

CPLAN_TEST_GUILESS_MAIN(TestAsBuiltIbsim)
#include "tst_asbuilt_ibsim.moc"
