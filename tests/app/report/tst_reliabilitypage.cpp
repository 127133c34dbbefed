// The report's "Failures over time" page (issue 30 item 6): the llama3 preset's figures for the
// whole design as analyzeReliability gives them, with the default checkpoint assumptions stated.
#ifndef Q_MOC_RUN
#include "pdfreport.h"

#include "analysis/reliability.h"
#include "catalog/catalog.h"
#include "model/design.h"

#include "fixtures.h"
#include "pdftext.h"
#include "skip.h"
#include "testmain.h"
#endif

#include <QLocale>
#include <QTemporaryDir>
#include <QtTest>

using namespace cplan;
using namespace cplan::reliability;

class TestReliabilityPage : public QObject
{
    Q_OBJECT

private slots:
    void superpodPage();
    void rackScaleBlocks();

private:
    static QString pdfText(const QString &pdf) { return test::pdfText(pdf).value_or(QString()).simplified(); }
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
    const QString text = pdfText(pdf);
    for (const QString &key : {QStringLiteral("Failures over time"), QStringLiteral("Interruptions by cause"),
                               QStringLiteral("By job size"), QStringLiteral("Checkpoint assumptions"),
                               QStringLiteral("Spares for 99 % over a 3-day repair"), QStringLiteral("Left out (no rate in the preset): cable, switch"),
                               report.figures().at("reliability_mtbi_h").text, report.figures().at("reliability_goodput").text,
                               QString::fromStdString(a.interruptions.causes.front().name)})
        QVERIFY2(text.contains(key), qPrintable(key));
}

// Two NVL72 racks of 18 compute trays (4 GPUs of a 72-GPU NVLink domain each, as
// tst_reliability_design makes them) on a fat tree: the page gives the engine's block advice.
void TestReliabilityPage::rackScaleBlocks()
{
    CPLAN_REQUIRE_TOOLS("pdftotext");
    Catalog catalog = test::builtinCatalog();
    Part tray = *catalog.find("dgx-gb200-nvl72");
    tray.id = "nvl72-tray";
    tray.gpuCount = 4;
    tray.hcaCount = 4;
    tray.nvlinkDomain = 72;
    catalog.addOrReplace(tray);
    Design d = test::generateOrStop(test::fatTreeSpec("nvl72-tray", 36, "qm9700"), catalog);
    int trays = 0;
    for (Node &n : d.nodes)   // a rack is one NVLink domain of 18 trays
        if (n.part == "nvl72-tray")
            n.rack = trays++ < 18 ? "r1" : "r2";
    auto preset = findFailurePreset("llama3");
    QVERIFY(preset.ok());
    const ReliabilityAnalysis a = analyzeReliability(d, catalog, *preset, ReliabilityRequest{});
    QVERIFY2(a.error.empty(), a.error.c_str());
    QVERIFY(a.blocks);
    QTemporaryDir dir;
    PdfReport report(d, catalog);
    report.setNetworkAnalysis(false);
    const QString pdf = dir.filePath(QStringLiteral("trays.pdf"));
    QVERIFY(report.write(pdf));
    const QString text = pdfText(pdf);
    QVERIFY(text.contains(QStringLiteral("Rack-scale NVLink domains")));
    const QString advice = QStringLiteral("Use Slurm blocks of %1 trays").arg(a.blocks->recommended);
    QVERIFY2(text.contains(advice), qPrintable(text.mid(text.indexOf(QStringLiteral("Rack-scale")), 400)));
}

CPLAN_TEST_MAIN(TestReliabilityPage)
#include "tst_reliabilitypage.moc"
