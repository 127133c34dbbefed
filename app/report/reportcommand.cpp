// cplan report DESIGN -o FILE.pdf: the customer PDF report, rendered offscreen.

#include "cli/cli.h"
#include "l10n.h"
#include "pdfreport.h"

#include "analysis/scenario.h"
#include "catalog/catalog.h"
#include "model/design.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QTranslator>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>

namespace cplan::cli {

namespace {

struct ReportArgs
{
    std::string design, out, jobs, policy = "backfill", lang = "en", pattern{kDefaultReportPattern};
    std::size_t synthetic = 0;
    std::uint64_t seed = 1;
    bool noNetwork = false, noAnalysis = false;
    std::optional<double> sparesPercent, discountPercent;   // the design's settings when not given
};

// The translation context of the texts below.
struct ReportCommand
{
    Q_DECLARE_TR_FUNCTIONS(cplan::ReportCommand)
};

struct Scenario
{
    ScheduleResult result;
    std::string trace, policy;
    bool network = false;

    QString label(const ReportArgs &a) const
    {
        return QStringLiteral("%1 | %2 | ").arg(QString::fromStdString(trace), QString::fromStdString(policy)) +
               ReportCommand::tr("seed %1").arg(a.seed) + QStringLiteral(" | ") +
               (network ? ReportCommand::tr("network coupling") : ReportCommand::tr("no network"));
    }
};

// Runs the scheduling scenario the flags ask for (the engine's scenario, as `cplan schedule`
// runs it); empty when none.
Result<std::optional<Scenario>> runScenario(const ReportArgs &a, const Design &design, const Catalog &cat)
{
    using Out = std::optional<Scenario>;
    if (a.jobs.empty() && a.synthetic == 0)
        return Out();
    const auto policy = policyFromString(a.policy);
    if (!policy)
        return Error{"", 0, 0, "unknown policy '" + a.policy + "'"};
    ScheduleScenario s;
    s.pool = {&design, &cat, a.design, {}};
    s.jobs.tracePath = a.jobs;
    s.jobs.synthetic = a.synthetic;
    s.options.policy = *policy;
    s.options.seed = a.seed;
    s.options.network = !a.noNetwork;
    auto run = runScheduleScenario(s);
    if (!run)
        return run.error();
    return Out(Scenario{std::move(run->result), run->input.traceName, toString(*policy), run->network});
}

int runReport(const ReportArgs &a, Context &ctx)
{
    auto design = loadDesign(ctx, a.design);
    if (!design)
        return fail(design.error());
    const Catalog *cat = catalog(ctx);
    if (!cat)
        return ExitBadInput;
    auto scenario = runScenario(a, *design, *cat);
    if (!scenario) {
        Error e = scenario.error();
        if (e.file.empty())
            e.file = a.design;
        return fail(e);
    }

    // Qt paints the pages: offscreen, no display needed.
    if (!std::getenv("QT_QPA_PLATFORM"))
        ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
    static int argc = 1;
    static char name[] = "cplan";
    static char *argv[] = {name, nullptr};
    std::unique_ptr<QGuiApplication> app;
    if (!QGuiApplication::instance())
        app = std::make_unique<QGuiApplication>(argc, argv);

    // The report's language: its texts, and numbers and money in that locale. Restored
    // afterwards, for callers (tests) that run several reports in one process.
    const QLocale previousLocale;
    const QLocale locale = localeForLanguage(QString::fromStdString(a.lang));
    std::unique_ptr<QTranslator> translator = loadTranslation(locale);
    if (locale.language() != QLocale::English && !translator)
        return fail("the " + a.lang + " translation is missing from this build");
    QLocale::setDefault(locale);
    if (translator)
        QCoreApplication::installTranslator(translator.get());
    struct Restore
    {
        QTranslator *translator;
        QLocale locale;
        ~Restore()
        {
            if (translator)
                QCoreApplication::removeTranslator(translator);
            QLocale::setDefault(locale);
        }
    } restore{translator.get(), previousLocale};

    PdfReport report(*design, *cat);
    report.setSourceFile(QString::fromStdString(a.design));
    BomTerms terms = designTerms(design->settings);   // as `cplan bom` and the window quote it
    terms.sparesPercent = a.sparesPercent.value_or(terms.sparesPercent);
    terms.discountPercent = a.discountPercent.value_or(terms.discountPercent);
    report.setTerms(terms);
    report.setNetworkAnalysis(!a.noAnalysis);
    report.setPattern(a.pattern);
    if (*scenario)
        report.setSchedule((*scenario)->result, (*scenario)->label(a));
    QString error;
    if (!report.write(QString::fromStdString(a.out), &error))
        return fail(error.toStdString());
    for (const QString &n : report.notes())
        std::cerr << "cplan: note: " << n.toStdString() << '\n';
    std::cout << "Wrote " << a.out << " (" << report.pageCount() << " pages)\n";
    return ExitOk;
}

} // namespace

void addReportCommand(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<ReportArgs>();
    CLI::App *cmd = root.add_subcommand("report", "PDF report: cover, layout, key figures, charts, BOM, cables, scheduling, sources");
    cmd->add_option("design", a->design, "Design file")->required();
    cmd->add_option("-o,--output", a->out, "PDF file to write")->required();
    cmd->add_option("--jobs", a->jobs, "Add a scheduling run of this job trace (CSV)");
    cmd->add_option("--synthetic", a->synthetic, "Add a scheduling run of N synthetic jobs")->excludes("--jobs");
    cmd->add_option("--policy", a->policy, "Scheduling policy of that run (default backfill)");
    cmd->add_option("--seed", a->seed, "Seed of the synthetic jobs and the scheduler");
    cmd->add_flag("--no-network", a->noNetwork, "Schedule without network coupling");
    cmd->add_flag("--no-analysis", a->noAnalysis, "Skip routing, flow and latency analysis (cost charts only)");
    cmd->add_option("--pattern", a->pattern, "Traffic pattern of the link-utilization chart, as for `cplan simulate` (default permutation)");
    cmd->add_option("--spares", a->sparesPercent, "Spares on cables and transceivers, percent (default: the design's spares_percent)")->check(CLI::Range(0.0, 100.0));
    cmd->add_option("--discount", a->discountPercent, "Discount on the quote, percent (default: the design's discount_percent)")->check(CLI::Range(0.0, 100.0));
    cmd->add_option("--lang", a->lang, "Language of the report: en (default) or zh_CN (Simplified Chinese)")
        ->check(CLI::IsMember({"en", "zh_CN"}));
    cmd->callback([a, &ctx] { ctx.action = [a, &ctx] { return runReport(*a, ctx); }; });
}

} // namespace cplan::cli
