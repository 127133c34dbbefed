// The report's "Failures over time" page (issue 30 item 6): the llama3 preset's figures for the
// whole design as analyzeReliability gives them, with the default checkpoint assumptions stated.
#ifndef Q_MOC_RUN
#include "pdfreport.h"

#include "analysis/reliability.h"
#include "catalog/catalog.h"

#include "fixtures.h"
#include "skip.h"
#include "testmain.h"
#endif

#include <QLocale>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace cplan;
using namespace cplan::reliability;

class TestReliabilityPage : public QObject
{
    Q_OBJECT

private slots:
    void superpodPage();
};

void TestReliabilityPage::superpodPage()
{
    const Catalog catalog = test::builtinCatalog();
    const Design d = test::loadSample("dgx-h100-superpod-4su", catalog);
    QTemporaryDir dir;
    PdfReport report(d, catalog);
    report.setNetworkAnalysis(false);   // this page needs none
    const QString pdf = dir.filePath(QStringLiteral("reliability.pdf"));
    QString error;
    QVERIFY2(report.write(pdf, &error), qPrintable(error));

    // The figures printed are the engine's, with the defaults the page states.
    auto preset = findFailurePreset("llama3");
    QVERIFY(preset.ok());
    ReliabilityRequest request;
    request.checkpointGB = kDefaultCheckpointGB;
    request.storageGBps = kDefaultStorageGBps;
    const ReliabilityAnalysis a = analyzeReliability(d, catalog, *preset, request);
    QVERIFY(a.interruptions.mtbiHours && a.checkpoint);
    QVERIFY(report.figures().count("reliability_mtbi_h") && report.figures().count("reliability_goodput"));
    QCOMPARE(report.figures().at("reliability_mtbi_h").value, *a.interruptions.mtbiHours);
    QCOMPARE(report.figures().at("reliability_goodput").value, a.checkpoint->goodput);

    CPLAN_REQUIRE_TOOLS("pdftotext");
    QProcess p;
    p.start(test::findTool(QStringLiteral("pdftotext")), {pdf, QStringLiteral("-")});
    QVERIFY(p.waitForFinished(120000));
    const QString text = QString::fromUtf8(p.readAllStandardOutput()).simplified();
    for (const QString &key : {QStringLiteral("Failures over time"), QStringLiteral("Interruptions by cause"),
                               QStringLiteral("By job size"), QStringLiteral("Checkpoint assumptions"),
                               QStringLiteral("Spares for 99 % over a 3-day repair"), QStringLiteral("Left out (no rate in the preset): cable, switch"),
                               report.figures().at("reliability_mtbi_h").text, report.figures().at("reliability_goodput").text,
                               QString::fromStdString(a.interruptions.causes.front().name)})
        QVERIFY2(text.contains(key), qPrintable(key));
}

CPLAN_TEST_MAIN(TestReliabilityPage)
#include "tst_reliabilitypage.moc"
