// The PDF report renders offscreen, and poppler's pdftoppm renders every page of it.

// moc cannot parse the C++20 standard headers the schedule headers pull in; it needs none of them.
#ifndef Q_MOC_RUN
#include "l10n.h"
#include "pdfreport.h"

#include "analysis/cost.h"
#include "analysis/design.h"
#include "catalog/catalog.h"
#include "cost/coverage.h"
#include "io/designyaml.h"
#include "schedule/pool.h"
#include "schedule/scheduler.h"
#include "schedule/synthetic.h"

#include "fixtures.h"
#include "pdftext.h"
#include "reportpainter.h"
#include "skip.h"
#include "testmain.h"
#endif

#include <QDir>
#include <QFile>
#include <QFontMetricsF>
#include <QPdfWriter>
#include <QGuiApplication>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace cplan;

class TestReport : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;
    QTemporaryDir m_dir;

    Design load(const QString &name)
    {
        return test::loadSample(name.toStdString(), m_catalog);
    }

    // Pages as pdfinfo counts them, and every page rendered by pdftoppm to a non-blank PNG.
    void renderEveryPage(const QString &pdf, int expectedPages)
    {
        CPLAN_REQUIRE_TOOLS("pdftoppm");
        const QString pdftoppm = test::findTool(QStringLiteral("pdftoppm"));
        const QString prefix = pdf + QStringLiteral("-page");
        QProcess p;
        p.start(pdftoppm, {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("40"), pdf, prefix});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY2(p.readAllStandardError().trimmed().isEmpty(), "pdftoppm complained about the PDF");
        const QFileInfo info(prefix);
        const QStringList pngs = info.dir().entryList({info.fileName() + QStringLiteral("-*.png")}, QDir::Files, QDir::Name);
        QCOMPARE(pngs.size(), expectedPages);
        for (const QString &png : pngs) {
            QImage image(info.dir().filePath(png));
            QVERIFY2(!image.isNull(), qPrintable(png));
            QVERIFY(image.width() > image.height());   // A4 landscape
            // Not blank: a fair number of pixels are not white.
            int ink = 0;
            for (int y = 0; y < image.height(); y += 2)
                for (int x = 0; x < image.width(); x += 2)
                    ink += image.pixel(x, y) != qRgb(255, 255, 255);
            QVERIFY2(ink > 200, qPrintable(png + QStringLiteral(" looks blank")));
        }
    }

private slots:
    void initTestCase()
    {
        m_catalog = test::builtinCatalog();
        QVERIFY(m_dir.isValid());
    }

    // A cover tile's figure shrinks until it fits its tile: "≥ $27.67M (2 of 12 lines priced)"
    // lost its ")" on the 4-SU SuperPOD's cover (the size was scaled once, and width is not quite
    // proportional to it); a short figure keeps its size.
    void coverFiguresFit()
    {
        QPdfWriter writer(m_dir.filePath(QStringLiteral("fit.pdf")));
        writer.setResolution(72);   // as the report's
        const double room = 150;
        for (const QString &text : {QStringLiteral("≥ $27.67M (2 of 12 lines priced)"), QStringLiteral("≥ $36.75M (2 of 12 lines priced)"),
                                    QStringLiteral("unknown (0 of 12 lines priced)")}) {
            const QFont f = fittedFont(reportFont(17, true), text, room, &writer);
            QVERIFY2(QFontMetricsF(f, &writer).horizontalAdvance(text) <= room, qPrintable(text));
            QVERIFY(f.pointSizeF() < 17);
        }
        QCOMPARE(fittedFont(reportFont(17, true), QStringLiteral("1,016"), room, &writer).pointSizeF(), 17.0);
    }

    // The acceptance case: the 4-SU SuperPOD.
    void superpodReport()
    {
        // Every part priced (test data) but the racks: 11 of the BOM's 12 lines, enough for the
        // cost figures to be lower bounds (below 90 % of lines they would be unknown).
        const Catalog catalog = test::withTestPrices(m_catalog, [](const Part &p) { return p.kind != PartKind::Rack; });
        const Design d = test::loadSample("dgx-h100-superpod-4su", catalog);
        PdfReport report(d, catalog);
        report.setTerms({2, 5});
        const QString pdf = m_dir.filePath(QStringLiteral("superpod.pdf"));
        QString error;
        QVERIFY2(report.write(pdf, &error), qPrintable(error));
        QVERIFY2(report.notes().isEmpty(), qPrintable(report.notes().join(QLatin1Char('\n'))));
        QVERIFY(report.pageCount() >= 6);
        // The cover's cost per GPU is the BOM's (the quote's total with these terms over the
        // GPUs), not the hardware's list price over the GPUs.
        const CostAnalysis cost = analyzeCost(d, catalog, {2, 5});
        QVERIFY(cost.pricing.totalPerGpu && cost.bom.totals.capexPerGpu);
        QVERIFY(qAbs(*cost.pricing.totalPerGpu - *cost.bom.totals.capexPerGpu) > 1);
        QVERIFY(report.figures().count("cost_per_gpu"));
        const PrintedFigure &perGpu = report.figures().at("cost_per_gpu");
        QCOMPARE(perGpu.value, *cost.pricing.totalPerGpu);
        // A lower bound while a price is unknown, with its coverage, as every front end writes it
        // (keyfigures.h, cost/coverage.h).
        const PriceCoverage coverage = priceCoverage(cost.bom);
        QCOMPARE(coverage.pricedLines, coverage.lines - 1);
        QCOMPARE(perGpu.text, QStringLiteral("≥ %1 (%2 of %3 lines priced)")
                                  .arg(formatMoney(*cost.pricing.totalPerGpu, cost.bom.currency))
                                  .arg(coverage.pricedLines)
                                  .arg(coverage.lines));
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(5) == "%PDF-");
        renderEveryPage(pdf, report.pageCount());
        // The design-rule findings page (issue 27: the report ran with validation off): the
        // counts printed are the engine's.
        DesignRequest rules;
        rules.analyseNetwork = false;
        const DesignAnalysis checked = analyzeDesign(d, catalog, rules);
        const auto count = [&](Severity s) {
            return double(std::count_if(checked.findings.begin(), checked.findings.end(), [s](const Finding &x) { return x.severity == s; }));
        };
        QVERIFY(report.figures().count("findings_errors") && report.figures().count("findings_warnings"));
        QCOMPARE(report.figures().at("findings_errors").value, count(Severity::Error));
        QCOMPARE(report.figures().at("findings_warnings").value, count(Severity::Warning));
    }

    // With a scheduling run, the report grows a scheduling page.
    void scheduleSection()
    {
        const Design d = load(QStringLiteral("h100-pool-128gpu"));
        auto pool = poolFromDesign(d, m_catalog);
        QVERIFY(pool.ok());
        SyntheticSpec spec;
        spec.jobs = 200;
        spec.capacityGpus = pool->totalGpus();
        spec.serverGpus = pool->maxGpusPerServer();
        ScheduleOptions opt;
        opt.policy = Policy::Backfill;
        opt.network = false;
        auto run = simulateSchedule(*pool, generateSyntheticJobs(spec), opt);
        QVERIFY(run.ok());

        PdfReport without(d, m_catalog);
        QVERIFY(without.write(m_dir.filePath(QStringLiteral("pool.pdf"))));
        PdfReport with(d, m_catalog);
        with.setSchedule(*run, QStringLiteral("synthetic:200 | backfill"));
        const QString pdf = m_dir.filePath(QStringLiteral("pool-schedule.pdf"));
        QVERIFY(with.write(pdf));
        QCOMPARE(with.pageCount(), without.pageCount() + 1);
        renderEveryPage(pdf, with.pageCount());
    }

    // A design the network engine cannot analyse still gets a report, with cost charts only
    // and a note that says so.
    void withoutAnalysis()
    {
        Design d;
        d.name = QStringLiteral("Just one server").toStdString();
        Node n;
        n.id = "gpu001";
        n.part = "dgx-h100";
        d.addNode(n);
        PdfReport report(d, m_catalog);
        const QString pdf = m_dir.filePath(QStringLiteral("tiny.pdf"));
        QVERIFY(report.write(pdf));
        QVERIFY(!report.notes().isEmpty());
        renderEveryPage(pdf, report.pageCount());
    }

    // One DGX H100: NCCL's model runs the all-reduce in the NVSwitches (NVLS). The analysis
    // page's figures name the algorithm and why, and the collective page draws the bus
    // bandwidth chart over nccl-tests' sizes (its title, legend and axis labels on the page).
    void oneServerCollective()
    {
        CPLAN_REQUIRE_TOOLS("pdftotext");
        const Design d = test::generateOrStop(test::fatTreeSpec("dgx-h100", 1, "qm9700"), m_catalog);
        PdfReport report(d, m_catalog);
        const QString pdf = m_dir.filePath(QStringLiteral("one-dgx.pdf"));
        QVERIFY(report.write(pdf));
        QVERIFY2(report.notes().isEmpty(), qPrintable(report.notes().join(QLatin1Char('\n'))));
        const std::optional<QString> read = test::pdfText(pdf);
        QVERIFY(read);
        const QString text = read->simplified();
        static const QRegularExpression collective(QStringLiteral("Collective: [0-9.,]+ GB/s bus bandwidth \\(all- ?reduce of 1 GiB over 8 GPUs, "
                                                                  "[^;]+; NCCL NVLS/Simple\\)"));
        QVERIFY2(collective.match(text).hasMatch(), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("NCCL's choice: NVLS: NVLink SHARP")));
        QVERIFY(text.contains(QStringLiteral("Bus bandwidth by message size (all-reduce, as NCCL runs it)")));
        QVERIFY(!text.contains(QStringLiteral("Bus bandwidth unknown at every size")));
        for (const char *label : {"8 B", "1 KiB", "1 MiB", "1 GiB", "16 GiB", "message size (log scale)"})
            QVERIFY2(text.contains(QLatin1String(label)), label);
        renderEveryPage(pdf, report.pageCount());
    }

    void unwritablePath()
    {
        const Design d = load(QStringLiteral("edr-32gpu"));
        PdfReport report(d, m_catalog);
        QString error;
        QVERIFY(!report.write(QStringLiteral("/nonexistent-dir/report.pdf"), &error));
        QVERIFY(error.contains(QStringLiteral("/nonexistent-dir/report.pdf")));
    }
};

CPLAN_TEST_MAIN(TestReport)
#include "tst_report.moc"
