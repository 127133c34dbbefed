// One engine behind every front end (issue 14): for the same design and pattern, the window's
// metrics (AnalysisRunner and the metrics dock), `cplan simulate --json` / `cplan bom --json`
// and the PDF report give the same numbers — bisection, max and mean link utilization,
// completion time, latency p50/p99, CAPEX — and the window's failure mode gives what
// `cplan fail --json` gives. Each front end is compared on the engine's value and on the text
// it shows (read back within the precision it prints); the report's text is also read back
// from the PDF with pdftotext. And every key figure by id (issue 27): the window's Metrics dock,
// `cplan bom|simulate --json`, the report and the sweep, with spares and a discount set.
#include "mainwindow.h"

#include "analysis.h"
#include "canvasscene.h"
#include "heatmaptext.h"
#include "metricsview.h"
#include "pdfreport.h"

#include "analysis/keyfigures.h"
#include "catalog/catalog.h"
#include "catalog/userstore.h"
#include "cost/pricing.h"
#include "io/designyaml.h"
#include "sweep/evaluate.h"
#include "sweep/sweepspec.h"

#include "fixtures.h"
#include "pdftext.h"
#include "skip.h"
#include "testmain.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <optional>

using namespace cplan;

namespace {

// A number as a front end printed it ("1,800 / 1,850 ns" -> the index-th number), with the
// precision it printed: half a unit of its last digit.
struct Printed
{
    double value = std::nan("");
    double halfUlp = 0;
};

Printed printedNumber(const QString &text, int index = 0)
{
    static const QRegularExpression number(QStringLiteral("-?[0-9][0-9,]*(\\.[0-9]+)?"));
    auto it = number.globalMatch(text);
    for (int i = 0; it.hasNext(); ++i) {
        const QRegularExpressionMatch m = it.next();
        if (i < index)
            continue;
        QString digits = m.captured(0);
        digits.remove(QLatin1Char(','));
        const int decimals = m.capturedLength(1) > 0 ? m.capturedLength(1) - 1 : 0;
        return {digits.toDouble(), 0.5 * std::pow(10.0, -decimals)};
    }
    return {};
}

// The scale a unit after the number stands for ("µs", "ms", "s", "M", "Tb/s", "%").
double unitScale(const QString &text)
{
    const QString t = text.normalized(QString::NormalizationForm_KC);
    if (t.contains(QStringLiteral("μs")))
        return 1e-6;
    if (t.contains(QStringLiteral("ms")))
        return 1e-3;
    if (t.contains(QStringLiteral("Tb/s")))
        return 1000;   // in Gb/s
    if (t.contains(QStringLiteral("%")))
        return 0.01;
    if (QRegularExpression(QStringLiteral("[0-9]M")).match(t).hasMatch())
        return 1e6;
    if (QRegularExpression(QStringLiteral("[0-9]B")).match(t).hasMatch())
        return 1e9;
    return 1;
}

// The scale of a key figure's number as a person reads it (explorertext.h: kW, Tb/s, ms, %).
double readingScale(const KeyFigure &f, const QString &text)
{
    switch (f.unit()) {
    case Unit::Watts:
    case Unit::Gbps: return 1000;
    case Unit::Seconds: return text.contains(QStringLiteral("ms")) ? 1e-3 : 1;
    case Unit::Fraction: return 0.01;
    case Unit::Money: return unitScale(text);
    default: return 1;
    }
}

bool same(double a, double b)
{
    return cplan::test::near(a, b, 1e-12, 1e-15);
}

// `text` shows `value` (in the unit `scale` turns the printed number into).
bool shows(const QString &text, double value, double scale, int index = 0)
{
    const Printed p = printedNumber(text, index);
    return !std::isnan(p.value) && std::abs(p.value * scale - value) <= (p.halfUlp + 1e-9) * std::abs(scale) + 1e-12 * std::abs(value);
}

} // namespace

class TestConsistency : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void sameNumbers_data();
    void sameNumbers();
    void failureModeMatchesCli();
    void keyFiguresById();
    void reportTextMatches();

private:
    struct Cli
    {
        QJsonObject simulate, bom;
    };
    Cli cli(const QString &design, const QString &pattern);
    QJsonObject cplanJson(const QStringList &args);
    void windowAnalysis(const QString &design, const QString &pattern);

    QTemporaryDir m_dir;
    std::optional<Catalog> m_catalog;
    MainWindow *m_window = nullptr;
};

void TestConsistency::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    // The window and cplan read the same parts: the built-in catalog and one (empty) user store.
    auto c = loadCatalog(m_dir.filePath(QStringLiteral("store.sqlite")).toStdString());
    QVERIFY2(c.ok(), c.ok() ? "" : c.error().toString().c_str());
    m_catalog = std::move(*c);
}

void TestConsistency::init()
{
    m_window = new MainWindow(*m_catalog);
    m_window->setAutosaveEnabled(false);
}

void TestConsistency::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

QJsonObject TestConsistency::cplanJson(const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CPLAN_STORE"), m_dir.filePath(QStringLiteral("store.sqlite")));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CPLAN_EXECUTABLE), QStringList{QStringLiteral("--json")} + args);
    if (!p.waitForFinished(600000) || p.exitCode() != 0)
        qFatal("cplan %s failed: %s", qPrintable(args.join(QLatin1Char(' '))), p.readAllStandardError().constData());
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

TestConsistency::Cli TestConsistency::cli(const QString &design, const QString &pattern)
{
    return {cplanJson({QStringLiteral("simulate"), design, QStringLiteral("--pattern"), pattern, QStringLiteral("--metrics")}),
            cplanJson({QStringLiteral("bom"), design})};
}

void TestConsistency::windowAnalysis(const QString &design, const QString &pattern)
{
    QVERIFY(m_window->openFile(design, false));
    m_window->setHeatmapPattern(pattern);
    QVERIFY(m_window->analysis()->waitForIdle(600000));
    QCOMPARE(m_window->analysis()->result().pattern, pattern.toStdString());
}

void TestConsistency::sameNumbers_data()
{
    QTest::addColumn<QString>("sample");
    QTest::addColumn<QString>("pattern");
    // The report's default pattern on a SuperPOD; a 2:1 fabric where the busy-link mean and the
    // max differ; a collective on the pool.
    QTest::newRow("superpod-1su permutation") << QStringLiteral("dgx-h100-superpod-1su") << QStringLiteral("permutation");
    QTest::newRow("hdr-2to1 alltoall") << QStringLiteral("hdr-2to1-520gpu") << QStringLiteral("alltoall");
    QTest::newRow("pool shift:3") << QStringLiteral("h100-pool-128gpu") << QStringLiteral("shift:3");
    QTest::newRow("pool allreduce") << QStringLiteral("h100-pool-128gpu") << QStringLiteral("allreduce");
}

void TestConsistency::sameNumbers()
{
    QFETCH(QString, sample);
    QFETCH(QString, pattern);
    const QString design = QString::fromStdString(test::samplePath(sample.toStdString()));
    const Cli c = cli(design, pattern);
    const QJsonObject metrics = c.simulate[QStringLiteral("metrics")].toObject();
    const QJsonObject latency = metrics[QStringLiteral("latency_ns")].toObject();
    const double bisection = metrics[QStringLiteral("bisection_gbps")].toDouble();
    const double maxUtil = c.simulate[QStringLiteral("max_link_utilization")].toDouble();
    const double meanUtil = c.simulate[QStringLiteral("mean_busy_link_utilization")].toDouble();
    const double completion = c.simulate[QStringLiteral("completion_s")].toDouble();
    const double p50 = latency[QStringLiteral("p50")].toDouble(), p99 = latency[QStringLiteral("p99")].toDouble();
    const double capex = c.bom[QStringLiteral("totals")].toObject()[QStringLiteral("capex")].toDouble();
    QVERIFY(bisection > 0 && maxUtil > 0 && meanUtil > 0 && completion > 0 && p50 > 0 && p99 >= p50 && capex >= 0);

    // The window: the engine's result it holds, and the figures its metrics dock shows.
    windowAnalysis(design, pattern);
    const AnalysisResult &r = m_window->analysis()->result();
    QVERIFY(r.network && r.network->metrics && r.network->latency && r.traffic());
    QVERIFY(same(r.network->metrics->bisectionGbps, bisection));
    QVERIFY(same(r.traffic()->maxLinkUtilization, maxUtil));
    QVERIFY(same(r.traffic()->meanBusyLinkUtilization, meanUtil));
    QVERIFY(same(r.traffic()->completionS, completion));
    QVERIFY(same(r.network->latency->stats.p50Ns, p50));
    QVERIFY(same(r.network->latency->stats.p99Ns, p99));
    QVERIFY(same(r.cost.bom.totals.capex, capex));
    const MetricsView *dock = m_window->metrics();
    auto figure = [&](const char *label) { return dock->figure(MetricsView::tr(label)); };
    const QString completionLabel = MetricsView::tr("Completion (%1)").arg(patternName(pattern));
    QVERIFY2(shows(figure("Bisection"), bisection, 1000), qPrintable(figure("Bisection")));
    QVERIFY2(shows(figure("Max link utilization"), maxUtil, 0.01), qPrintable(figure("Max link utilization")));
    QVERIFY2(shows(figure("Mean utilization of busy links"), meanUtil, 0.01), qPrintable(figure("Mean utilization of busy links")));
    QVERIFY2(shows(dock->figure(completionLabel), completion, 1e-3), qPrintable(dock->figure(completionLabel)));
    QVERIFY2(shows(figure("Latency p50 / p99"), p50, 1, 0) && shows(figure("Latency p50 / p99"), p99, 1, 1), qPrintable(figure("Latency p50 / p99")));
    // A design with too few lines priced (cost/coverage.h) shows "unknown (n of m lines priced)".
    const KeyFigure *shownCapex = dock->shownFigures().find("capex");
    const bool capexUnknown = shownCapex && !shownCapex->value;
    if (capexUnknown)
        QVERIFY2(figure("CAPEX").startsWith(QStringLiteral("unknown")), qPrintable(figure("CAPEX")));
    else if (capex > 0)
        QVERIFY2(shows(figure("CAPEX"), capex, unitScale(figure("CAPEX"))), qPrintable(figure("CAPEX")));
    else
        QCOMPARE(figure("CAPEX"), MetricsView::tr("unknown"));

    // The report: the figures it printed, with the engine's value behind each.
    PdfReport report(m_window->document()->design(), *m_catalog);
    report.setPattern(pattern.toStdString());
    QVERIFY(report.write(m_dir.filePath(sample + QStringLiteral(".pdf"))));
    const PrintedFigures &printed = report.figures();
    const std::pair<const char *, double> expected[] = {{"bisection_gbps", bisection},    {"max_link_utilization", maxUtil},
                                                        {"mean_busy_link_utilization", meanUtil}, {"completion_s", completion},
                                                        {"latency_p50_ns", p50},          {"latency_p99_ns", p99},
                                                        {"capex", capex}};
    for (const auto &[key, value] : expected) {
        if (capexUnknown && QByteArray(key) == "capex") {   // no figure to log: the report says unknown too
            QVERIFY(!printed.count(key));
            continue;
        }
        QVERIFY2(printed.count(key), key);
        const PrintedFigure &f = printed.at(key);
        QVERIFY2(test::near(f.value, value, 1e-12), qPrintable(QStringLiteral("%1: %2 vs %3").arg(QLatin1String(key)).arg(f.value).arg(value)));
        if (value == 0 && QByteArray(key) == "capex") {   // no known price: unknown, as the dock says
            QCOMPARE(f.text, QCoreApplication::translate("KeyFigures", "unknown"));
            continue;
        }
        // Latencies print in µs without their unit (the chart's unit says it).
        const double scale = QByteArray(key).startsWith("latency_") ? 1000 : unitScale(f.text);
        QVERIFY2(shows(f.text, value, scale), qPrintable(QStringLiteral("%1 printed as %2").arg(QLatin1String(key), f.text)));
    }
}

void TestConsistency::failureModeMatchesCli()
{
    // A leaf switch out, under a shift: the window's failure mode and `cplan fail` agree on what
    // is lost and what is left.
    const QString design = QString::fromStdString(test::samplePath("dgx-h100-superpod-1su"));
    const QJsonObject cli = cplanJson({QStringLiteral("fail"), design, QStringLiteral("--switch"), QStringLiteral("su01-leaf2"),
                                       QStringLiteral("--pattern"), QStringLiteral("shift:1")});
    windowAnalysis(design, QStringLiteral("shift:1"));
    m_window->scene()->toggleFailed("su01-leaf2");
    QVERIFY(m_window->analysis()->waitForIdle(600000));
    const AnalysisResult &r = m_window->analysis()->result();
    QVERIFY(r.network && r.network->failure && r.network->failure->metricsBefore && r.traffic());
    const FailureImpact &f = *r.network->failure;
    QCOMPARE(double(f.lostEndpoints), cli[QStringLiteral("lost_endpoints")].toDouble());
    QCOMPARE(double(r.network->reachability->unreachablePairs), cli[QStringLiteral("unreachable_pairs")].toDouble());
    QCOMPARE(double(r.network->reachability->pairs), cli[QStringLiteral("pairs")].toDouble());
    QVERIFY(same(r.network->metrics->bisectionGbps, cli[QStringLiteral("bisection_gbps")].toDouble()));
    QVERIFY(same(f.metricsBefore->bisectionGbps, cli[QStringLiteral("bisection_gbps_before")].toDouble()));
    QVERIFY(same(r.traffic()->completionS, cli[QStringLiteral("completion_s")].toDouble()));
    QVERIFY(same(f.trafficBefore.front().completionS, cli[QStringLiteral("completion_s_before")].toDouble()));
    QCOMPARE(double(r.traffic()->unroutableFlows), cli[QStringLiteral("dropped_flows")].toDouble());
    const QString lost = m_window->metrics()->figure(MetricsView::tr("Lost to the failures"));
    QVERIFY2(shows(lost, f.lostEndpoints, 1, 0), qPrintable(lost));
    QVERIFY2(shows(lost, cli[QStringLiteral("lost_bisection_gbps")].toDouble(), 1000, 1), qPrintable(lost));
    // The completion time intact → failed, with the change `cplan fail` gives (issue 31 item 8).
    // The leaf's hosts are cut off: their flows have no route, the rest's completion is not
    // comparable, and neither front end gives a change (it read "unchanged").
    const QString completion = m_window->metrics()->row(QStringLiteral("completion_s")).value;
    QVERIFY2(completion.contains(QStringLiteral(" → ")), qPrintable(completion));
    QVERIFY(r.traffic()->unroutableFlows > 0);
    QVERIFY(cli[QStringLiteral("completion_change_pct")].isNull());
    QVERIFY2(!completion.contains(MetricsView::tr("unchanged")) && !completion.endsWith(QStringLiteral(" %")), qPrintable(completion));
    // ... and the window says why, with the count `cplan fail` gives.
    QVERIFY2(completion.endsWith(QStringLiteral("%1 flows have no route: not comparable").arg(r.traffic()->unroutableFlows)),
             qPrintable(completion));
    // A ratio worded alike before and after is "unchanged", not "non-blocking (1:1) → non-blocking
    // (1:1), −0.1 %" (pre-sales day).
    const QString over = m_window->metrics()->row(QStringLiteral("oversubscription")).value;
    QVERIFY2(over == QStringLiteral("non-blocking (1:1) → non-blocking (1:1), unchanged"), qPrintable(over));
}

void TestConsistency::keyFiguresById()
{
    // Every part priced (test data, in the one user store the window and cplan read), so that
    // the cost figures are figures, not "unknown (n of m lines priced)" (cost/coverage.h).
    const std::string storePath = m_dir.filePath(QStringLiteral("store.sqlite")).toStdString();
    {
        auto store = UserStore::open(storePath);
        QVERIFY2(store.ok(), store.ok() ? "" : store.error().toString().c_str());
        for (const Part &p : m_catalog->parts())
            if (!p.unitPrice)
                QVERIFY(store->setPrice(p.id, 1000, "USD", "TEST DATA - not a real price").ok());
    }
    auto priced = loadCatalog(storePath);
    QVERIFY2(priced.ok(), priced.ok() ? "" : priced.error().toString().c_str());
    cleanup();
    m_catalog = std::move(*priced);
    init();
    // One design, as the sweep generates it, with spares 5 % and a 10 % discount in its settings
    // (so that the quote's cost per GPU differs from the CAPEX per GPU).
    const std::string sweepText = "format: cluster-planner-sweep/1\n"
                                  "fixed: {servers: 16, server: dgx-h100, switch: qm9700, spares: 5, discount: 10, pattern: alltoall}\n"
                                  "objectives: [capex, cost_per_gpu, capex_per_gpu, power_w, rack_units, racks, switches, tiers, gpus,\n"
                                  "             bisection_gbps, bisection_ratio, latency_p99_ns, completion_s]\n";
    auto spec = parseSweep(sweepText, "consistency.sweep.yaml");
    QVERIFY2(spec.ok(), spec.ok() ? "" : spec.error().toString().c_str());
    const std::vector<SweepPoint> points = expandSweep(*spec);
    QCOMPARE(points.size(), std::size_t(1));
    auto generated = sweepPointDesign(points.front(), *m_catalog);
    QVERIFY(generated.ok());
    QCOMPARE(generated->settings.sparesPercent, 5.0);
    QCOMPARE(generated->settings.discountPercent, 10.0);
    const QString path = m_dir.filePath(QStringLiteral("keyfigures.cluster.yaml"));
    QVERIFY(saveDesign(*generated, path.toStdString()).ok());
    const std::optional<PointResult> sweep = evaluatePoint(*spec, points.front(), *m_catalog);
    QVERIFY(sweep && sweep->skipped.empty());

    // The window: the figures its Metrics dock rendered, and the rows it shows them in.
    windowAnalysis(path, QStringLiteral("alltoall"));
    const MetricsView *dock = m_window->metrics();
    const KeyFigures &window = dock->shownFigures();
    QVERIFY(window.value("cost_per_gpu") && window.value("capex_per_gpu"));
    QVERIFY2(std::abs(*window.value("cost_per_gpu") - *window.value("capex_per_gpu")) > 1, "spares and discount change the quote");

    // cplan: bom (cost, racks) and simulate (network, the pattern), by id.
    QJsonObject cli = cplanJson({QStringLiteral("bom"), path})[QStringLiteral("key_figures")].toObject();
    const QJsonObject simulated = cplanJson({QStringLiteral("simulate"), path, QStringLiteral("--pattern"), QStringLiteral("alltoall"),
                                             QStringLiteral("--metrics")})[QStringLiteral("key_figures")].toObject();
    for (auto it = simulated.begin(); it != simulated.end(); ++it) {
        QVERIFY2(!cli.contains(it.key()), qPrintable(it.key()));
        cli.insert(it.key(), it.value());
    }

    // The report: the figures it printed, by id, with the terms the window's export gives it.
    PdfReport report(m_window->document()->design(), *m_catalog);
    report.setTerms(designTerms(m_window->document()->design().settings));
    report.setPattern("alltoall");
    QVERIFY(report.write(m_dir.filePath(QStringLiteral("keyfigures.pdf"))));
    const PrintedFigures &printed = report.figures();

    const char *const completeness[] = {"exact", "lower_bound", "unknown"};
    for (const KeyFigure &f : window.figures) {
        const QString id = QString::fromLatin1(f.id().data(), qsizetype(f.id().size()));
        const QJsonObject c = cli.value(id).toObject();
        QVERIFY2(!c.isEmpty(), qPrintable(QStringLiteral("cplan has no %1").arg(id)));
        QCOMPARE(c[QStringLiteral("completeness")].toString(), QLatin1String(completeness[int(f.completeness)]));
        if (!f.value) {
            QVERIFY2(c[QStringLiteral("value")].isNull(), qPrintable(id));
            continue;
        }
        const double v = *f.value;
        auto agree = [&](const char *frontEnd, double other) {
            return test::near(other, v, 1e-9, 1e-12) ? QString() : QStringLiteral("%1: window %2, %3 %4").arg(id).arg(v).arg(QLatin1String(frontEnd)).arg(other);
        };
        QString diff = agree("cplan", c[QStringLiteral("value")].toDouble());
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        if (printed.count(std::string(f.id())))
            QVERIFY2((diff = agree("report", printed.at(std::string(f.id())).value)).isEmpty(), qPrintable(diff));
        if (const std::optional<double> s = sweep->figure(f.id())) {
            QVERIFY2((diff = agree("sweep", *s)).isEmpty(), qPrintable(diff));
            const bool incomplete = std::find(sweep->incomplete.begin(), sweep->incomplete.end(), f.id()) != sweep->incomplete.end();
            QCOMPARE(incomplete, f.lowerBound());
        }
        // The dock's row of the figure shows it (within what it prints).
        if (const MetricsView::Row row = dock->row(id); !row.label.isEmpty() && f.unit() != Unit::Ratio && f.unit() != Unit::Verdict &&
                                                        f.id() != "racks" && f.id() != "switches")
            QVERIFY2(shows(row.value, v, readingScale(f, row.value)), qPrintable(QStringLiteral("%1 shown as %2").arg(id, row.value)));
    }
    // Every front end has every figure it can compute: cplan all of the window's, the report the
    // cover's and the analysis page's, the sweep its objectives.
    for (auto it = cli.begin(); it != cli.end(); ++it)
        QVERIFY2(window.find(it.key().toStdString()), qPrintable(QStringLiteral("the window has no %1").arg(it.key())));
    for (const char *id : {"gpus", "servers", "switches", "links", "capex", "cost_per_gpu", "power_w", "rack_units", "tco", "bisection_gbps",
                           "oversubscription", "completion_s", "max_link_utilization", "mean_busy_link_utilization", "latency_p50_ns",
                           "latency_p99_ns"})
        QVERIFY2(printed.count(id) && window.find(id), id);
    for (const std::string &id : spec->objectives)
        QVERIFY2(sweep->figure(id), id.c_str());
    // The sweep's own shape figure agrees with the window's oversubscription verdict.
    QCOMPARE(*sweep->figure("blocking") <= 1 + kNonBlockingTolerance, *window.value("non_blocking") > 0);
}

void TestConsistency::reportTextMatches()
{
    // What the report says it printed is on its pages.
    CPLAN_REQUIRE_TOOLS("pdftotext");
    const Design d = test::loadSample("hdr-2to1-520gpu", *m_catalog);
    PdfReport report(d, *m_catalog);
    report.setPattern("alltoall");
    const QString pdf = m_dir.filePath(QStringLiteral("text.pdf"));
    QVERIFY(report.write(pdf));
    const std::optional<QString> read = test::pdfText(pdf);
    QVERIFY(read);
    // pdftotext guesses the spaces of large type ("≥ 8 U" comes out as "≥8U"): compared without.
    auto spaceless = [](const QString &t) { return t.normalized(QString::NormalizationForm_KC).remove(QRegularExpression(QStringLiteral("\\s"))); };
    const QString text = spaceless(*read);
    QVERIFY(report.figures().size() >= 7);
    for (const auto &[key, figure] : report.figures())
        QVERIFY2(text.contains(spaceless(figure.text)),
                 qPrintable(QStringLiteral("%1 (%2) is not in the PDF").arg(QString::fromStdString(key), figure.text)));
}

CPLAN_TEST_MAIN(TestConsistency)
#include "tst_consistency.moc"
