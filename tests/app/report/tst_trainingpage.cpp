// The report's training page (issue 28 item 6): Llama 3 70B on the design's GPUs with the
// parallelism searched, as analyzeTraining gives it, with the assumptions stated.
#ifndef Q_MOC_RUN
#include "pdfreport.h"

#include "analysis/training.h"
#include "catalog/catalog.h"
#include "model/design.h"
#include "training/model.h"

#include "fixtures.h"
#include "pdftext.h"
#include "skip.h"
#include "testmain.h"
#endif

#include <QTemporaryDir>
#include <QtTest>

using namespace cplan;
using namespace cplan::training;

class TestTrainingPage : public QObject
{
    Q_OBJECT

private slots:
    void onePodPage();
    void oddGpuCountFallsBack();

private:
    static QString pdfText(const QString &pdf) { return test::pdfText(pdf).value_or(QString()).simplified(); }
    TrainingAnalysis direct(const Design &d, const Catalog &catalog, int gpus)
    {
        TrainingRequest r;
        r.model = *findModel("llama3-70b");
        r.tokens = 15e12;
        r.gpus = gpus;
        auto a = analyzeTraining(d, catalog, r);
        if (!a)
            qFatal("%s", a.error().toString().c_str());
        return *a;
    }
    PrintedFigures write(const Design &d, const Catalog &catalog, const QString &pdf)
    {
        PdfReport report(d, catalog);
        report.setNetworkAnalysis(false);   // this page runs its own
        QString error;
        if (!report.write(pdf, &error))
            qFatal("%s", qPrintable(error));
        return report.figures();
    }
};

void TestTrainingPage::onePodPage()
{
    const Catalog catalog = test::builtinCatalog();
    const Design d = test::loadSample("dgx-h100-superpod-1su", catalog);
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("training.pdf"));
    const auto figures = write(d, catalog, pdf);
    const TrainingAnalysis a = direct(d, catalog, 0);
    const StepEstimate &e = a.search.best;
    QVERIFY(e.valid && e.known && a.days);
    QVERIFY(figures.count("training_tokens_per_s") && figures.count("training_mfu") && figures.count("training_days"));
    QCOMPARE(figures.at("training_tokens_per_s").value, e.tokensPerS);
    QCOMPARE(figures.at("training_mfu").value, e.mfu);
    QCOMPARE(figures.at("training_days").value, *a.days);
    // Cost per token: a figure only when the engine gives one.
    QCOMPARE(figures.count("training_cost_per_mtoken") == 1, a.costPerMToken.has_value());

    CPLAN_REQUIRE_TOOLS("pdftotext");
    const QString text = pdfText(pdf);
    for (const QString &key : {QStringLiteral("Training time and cost per token"), QStringLiteral("Assumptions: Llama 3 70B"),
                               QStringLiteral("Where a step's time goes"), QStringLiteral("bubble"), QStringLiteral("dp_exposed"),
                               QStringLiteral("Throughput and cost"), QStringLiteral("Cost per million tokens"),
                               QStringLiteral("years; electricity at 0.120 USD/kWh, PUE 1.30"), QString::fromStdString(e.plan.text()),
                               figures.at("training_tokens_per_s").text, figures.at("training_mfu").text,
                               figures.at("training_days").text})
        QVERIFY2(text.contains(key), qPrintable(key));
    if (!a.costPerMToken)
        QVERIFY(text.contains(QStringLiteral("Cost per million tokens unknown: no ")) && text.contains(QStringLiteral("Not known: ")));
}

// 1,016 GPUs have no legal plan for the default batch: the page uses 512 and says so.
void TestTrainingPage::oddGpuCountFallsBack()
{
    const Catalog catalog = test::builtinCatalog();
    const Design d = test::loadSample("dgx-h100-superpod-4su", catalog);
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("training.pdf"));
    const auto figures = write(d, catalog, pdf);
    const TrainingAnalysis a = direct(d, catalog, 512);
    QVERIFY(figures.count("training_tokens_per_s"));
    QCOMPARE(figures.at("training_tokens_per_s").value, a.search.best.tokensPerS);
    CPLAN_REQUIRE_TOOLS("pdftotext");
    QVERIFY(pdfText(pdf).contains(QStringLiteral("on 512 of the design's GPUs")));
}

CPLAN_TEST_MAIN(TestTrainingPage)
#include "tst_trainingpage.moc"
