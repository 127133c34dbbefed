// Training time and cost per token (issue 28): for the window's Training dock's job, or else a
// default one (Llama 3 70B, 15 T tokens, every GPU, parallelism searched, BF16), the step and
// where it goes, tokens/s, MFU, memory per GPU, days to train and the energy and cost per million
// tokens, with the assumptions stated. The figures are analyzeTraining's, as `cplan train` and the
// window's Training dock give them.
#include "pdfreport.h"
#include "reportformat.h"
#include "reportpages.h"
#include "reportpainter.h"
#include "stepbar.h"

#include "analysis/training.h"
#include "catalog/catalog.h"
#include "model/design.h"
#include "training/model.h"

#include <QPainter>

#include <optional>

namespace cplan {

using namespace page;
using namespace training;

namespace {

constexpr const char *kModel = "llama3-70b";
constexpr double kTokens = 15e12;

// The job; on every GPU (gpus 0) when their count has no legal plan (1,016 GPUs, say), on the
// largest power of two below it, which the page says.
Result<TrainingAnalysis> trainingJob(const ReportData &data, TrainingRequest r)
{
    auto a = analyzeTraining(data.design, data.catalog, r);
    if ((a && a->search.best.valid) || r.gpus > 0)
        return a;
    int gpus = 0;
    for (const Node &n : data.design.nodes)
        if (const Part *part = data.catalog.find(n.part))
            gpus += int(part->gpuCount);
    int fewer = 1;
    while (fewer * 2 <= gpus)
        fewer *= 2;
    if (fewer < 8 || fewer >= gpus)
        return a;
    r.gpus = fewer;
    auto b = analyzeTraining(data.design, data.catalog, r);
    return b && b->search.best.valid ? b : a;
}

void breakdown(ReportPainter &painter, const StepEstimate &e)
{
    painter.heading(PdfReport::tr("Where a step's time goes"));
    QPainter &p = painter.painter();
    p.save();
    p.setFont(reportFont(8));
    p.setPen(ink::kText);
    const std::vector<StepBarPart> parts = stepBarParts(e.breakdown);
    const double h = stepBarHeight(QFontMetricsF(p.font(), p.device()), kContentWidth, parts);
    painter.ensure(h + 8);
    paintStepBar(p, QRectF(kMargin, painter.y, kContentWidth, h), parts);
    p.restore();
    painter.y += h + 8;
    const std::vector<Column> cols = {{PdfReport::tr("Part"), 200}, {PdfReport::tr("Seconds"), 100, Qt::AlignRight},
                                      {PdfReport::tr("Share"), 100, Qt::AlignRight}};
    std::vector<QStringList> rows;
    for (const StepBarPart &part : parts)
        rows.push_back({part.name, number(part.seconds, 3), number(100 * part.seconds / e.stepS, 1) + QStringLiteral(" %")});
    rows.push_back({PdfReport::tr("Step"), number(e.stepS, 3), QStringLiteral("100.0 %")});
    painter.table(cols, rows, {rows.size() - 1});
}

// What keeps energy (power figures) or cost (power figures, prices) from being given; the
// figures themselves are listed below the table.
QString unknownWhy(const TrainingAnalysis &a, bool withPrices)
{
    bool power = false, price = false;
    for (const std::string &u : a.unknown) {
        power = power || u.rfind("power of", 0) == 0;
        price = price || (withPrices && u.rfind("price of", 0) == 0);
    }
    if (power && price)
        return PdfReport::tr("unknown: no power figures and prices (listed below)");
    if (power)
        return PdfReport::tr("unknown: no power figures (listed below)");
    if (price)
        return PdfReport::tr("unknown: no prices (listed below)");
    return PdfReport::tr("unknown");
}

void figures(ReportPainter &painter, const TrainingAnalysis &a, double tokens)
{
    const StepEstimate &e = a.search.best;
    painter.heading(PdfReport::tr("Throughput and cost"));
    const std::vector<Column> cols = {{PdfReport::tr("Figure"), 170}, {PdfReport::tr("Value"), kContentWidth - 170}};
    std::vector<QStringList> rows = {
        {PdfReport::tr("Step time"), number(e.stepS, 2) + PdfReport::tr(" s")},
        {PdfReport::tr("Tokens/s"), painter.figure("training_tokens_per_s", e.tokensPerS, number(e.tokensPerS))},
        {PdfReport::tr("Tokens/s per GPU"), number(e.tokensPerSPerGpu, 1)},
        {PdfReport::tr("Model TFLOP/s per GPU"), number(e.modelTflopsPerGpu, 1)},
        {PdfReport::tr("MFU"), painter.figure("training_mfu", e.mfu, percentText(e.mfu))},
        {PdfReport::tr("Memory per GPU"),
         e.hbmGB ? PdfReport::tr("%1 GB of %2 GB HBM (%3)").arg(number(e.memory.total(), 1), number(*e.hbmGB),
                                                                 e.fits ? PdfReport::tr("fits") : PdfReport::tr("does not fit"))
                 : PdfReport::tr("%1 GB (HBM unknown)").arg(number(e.memory.total(), 1))},
        {PdfReport::tr("Days to train %1 tokens").arg(number(tokens / 1e12) + QStringLiteral(" T")),
         a.days ? painter.figure("training_days", *a.days, number(*a.days, 1)) : PdfReport::tr("unknown")},
        {PdfReport::tr("Energy per million tokens"),
         a.energyKWhPerMToken ? number(*a.energyKWhPerMToken, 2) + PdfReport::tr(" kWh") : unknownWhy(a, false)},
        {PdfReport::tr("Cost per million tokens"),
         a.costPerMToken ? painter.figure("training_cost_per_mtoken", *a.costPerMToken, money(*a.costPerMToken, a.currency))
                         : unknownWhy(a, true)},
    };
    painter.table(cols, rows);
    if (!a.unknown.empty()) {
        QStringList missing;
        for (const std::string &u : a.unknown)
            missing << qs(u);
        painter.paragraph(PdfReport::tr("Not known: %1.").arg(missing.join(QStringLiteral("; "))), 8, ink::kMuted);
    }
}

// The window's job, or the default one.
Result<TrainingRequest> pageRequest(const ReportData &data)
{
    if (data.training)
        return *data.training;
    auto model = findModel(kModel);
    if (!model)
        return model.error();
    TrainingRequest r;
    r.model = *model;
    r.tokens = kTokens;
    return r;
}

bool planSearched(const SearchSpace &s)
{
    return !s.tp && !s.pp && !s.cp && !s.ep && !s.vp;
}

} // namespace

void trainingPage(ReportPainter &painter, const ReportData &data)
{
    painter.newPage(PdfReport::tr("Training time and cost per token"));
    const auto request = pageRequest(data);
    if (!request) {
        painter.paragraph(PdfReport::tr("Model not available: %1").arg(qs(request.error().toString())));
        return;
    }
    auto a = trainingJob(data, *request);
    if (!a || !a->search.best.valid) {
        painter.paragraph(PdfReport::tr("Not computed: %1").arg(qs(!a ? a.error().message : a->search.why)));
        return;
    }
    const StepEstimate &e = a->search.best;
    const QString tokens = request->tokens > 0 ? number(request->tokens / 1e12) + QStringLiteral(" T") : PdfReport::tr("an unstated number of");
    const QString plan = planSearched(request->space) ? PdfReport::tr("parallelism searched for the highest tokens/s that fits in memory")
                                                      : PdfReport::tr("parallelism partly fixed (the plan below)");
    painter.paragraph(PdfReport::tr("Assumptions: %1 (%2) trained on %3 tokens, on %4 of the design's GPUs (%5 × %6), %7, %8, a global "
                                    "batch of %9 sequences of %10 tokens. CAPEX written off over %11 years; electricity at %12 %13/kWh, "
                                    "PUE %14.")
                          .arg(qs(a->model.name), qs(a->model.id), tokens, number(a->gpus), number(a->servers), qs(a->serverPart), plan,
                               QString::fromLatin1(toString(e.plan.precision)).toUpper(), number(e.plan.globalBatch))
                          .arg(number(e.plan.seq), number(a->lifeYears, 1), number(a->pricePerKWh, 3), qs(a->currency), number(a->pue, 2)) +
                          QLatin1Char(' ') +
                          (data.training ? PdfReport::tr("The job the window's Training dock was set to.")
                                         : PdfReport::tr("Another model, size or plan: `cplan train` or the window's Training dock.")),
                      8, ink::kMuted);
    painter.paragraph(PdfReport::tr("Plan: %1 (%2 legal plans priced).").arg(qs(e.plan.text()), number(double(a->search.evaluated))));
    if (!e.known) {
        painter.paragraph(PdfReport::tr("Step time unknown: %1").arg(qs(e.unknown.empty() ? std::string() : e.unknown.front())));
        return;
    }
    breakdown(painter, e);
    painter.y += 4;
    figures(painter, *a, request->tokens);
    if (!e.fits && e.hbmGB)
        painter.paragraph(PdfReport::tr("No plan fits in %1 GB of HBM per GPU: the one shown needs the least memory.").arg(number(*e.hbmGB)));
    const QString sources = qs(a->model.sources.empty() ? std::string() : a->model.sources.front());
    painter.paragraph(PdfReport::tr("Step-time model: Narayanan et al. 2021 and Korthikanti et al. 2022, the collectives from the NCCL "
                                    "model on this design's fabric; model dimensions: %1.")
                          .arg(sources),
                      8, ink::kMuted);
}

} // namespace cplan
