#include "enginejob.h"
#include "i18n.h"
#include "mainwindow.h"
#include "screenshot.h"
#include "stallwatch.h"

#include "catalog/catalog.h"
#include "catalog/userstore.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>
#include <QTimer>

#include <cstdlib>
#include <cstring>

namespace {

// The window's command line: a design to open, and what to show or render.
struct CommandLine
{
    QCommandLineParser parser;
    const QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                        QApplication::translate("main", "Render the window to a PNG and exit."),
                                        QStringLiteral("out.png")};
    const QCommandLineOption presentation{QStringLiteral("presentation"),
                                          QApplication::translate("main", "Presentation mode.")};
    const QCommandLineOption heatmap{QStringLiteral("heatmap"),
                                     QApplication::translate("main", "Show link utilization under a traffic pattern."),
                                     QStringLiteral("pattern")};
    const QCommandLineOption schedule{QStringLiteral("schedule"),
                                      QApplication::translate("main", "Run a scheduling simulation with a policy."),
                                      QStringLiteral("policy")};
    const QCommandLineOption jobs{QStringLiteral("jobs"), QApplication::translate("main", "Synthetic jobs for --schedule."),
                                  QStringLiteral("n"), QStringLiteral("2000")};
    const QCommandLineOption collapse{QStringLiteral("collapse"), QApplication::translate("main", "Collapse scalable units.")};
    const QCommandLineOption focus{QStringLiteral("focus"),
                                   QApplication::translate("main", "Zoom onto these groups (comma-separated ids)."),
                                   QStringLiteral("groups")};
    const QCommandLineOption wizard{QStringLiteral("wizard"), QApplication::translate("main", "Screenshot the new-fabric wizard.")};
    const QCommandLineOption size{QStringLiteral("size"), QApplication::translate("main", "Screenshot size."),
                                  QStringLiteral("WxH"), QStringLiteral("1600x1000")};
    const QCommandLineOption compare{
        QStringLiteral("compare"),
        QApplication::translate("main", "Compare the design with an as-built fabric (ibnetdiscover output or a design)."),
        QStringLiteral("as-built")};
    const QCommandLineOption dock{QStringLiteral("dock"),
                                  QApplication::translate("main", "Screenshot with this dock in front (e.g. RacksDock)."),
                                  QStringLiteral("name")};

    explicit CommandLine(const QApplication &app)
    {
        parser.setApplicationDescription(QApplication::translate("main", "Design GPU clusters on InfiniBand fabrics."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(QStringLiteral("design"), QApplication::translate("main", "Design file to open (*.cluster.yaml)."));
        parser.addOptions({screenshot, presentation, heatmap, schedule, jobs, collapse, focus, wizard, size, compare, dock});
        parser.process(app);
    }

    QString design() const { return parser.positionalArguments().value(0); }

    cplan::ScreenshotOptions screenshotOptions() const
    {
        cplan::ScreenshotOptions o;
        o.output = parser.value(screenshot);
        o.design = design();
        o.presentation = parser.isSet(presentation);
        o.heatmap = parser.value(heatmap);
        o.schedulePolicy = parser.value(schedule);
        o.scheduleJobs = parser.value(jobs).toInt();
        o.collapse = parser.isSet(collapse);
        o.wizard = parser.isSet(wizard);
        o.compare = parser.value(compare);
        o.dock = parser.value(dock);
        if (parser.isSet(focus))
            o.focusGroups = parser.value(focus).split(QLatin1Char(','));
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() == 2)
            o.size = QSize(wh[0].toInt(), wh[1].toInt());
        return o;
    }
};

// Screenshots render offscreen unless a platform was chosen explicitly.
void renderScreenshotsOffscreen(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--screenshot") == 0 && !std::getenv("QT_QPA_PLATFORM"))
            setenv("QT_QPA_PLATFORM", "offscreen", 1);
}

// The window, shown, with the design opened (or a recovered one offered).
int runWindow(QApplication &app, cplan::MainWindow &window, const CommandLine &cmd)
{
    cplan::StallWatch::installFromEnvironment(&window);
    window.restoreLayout();   // as the user left it
    window.show();
    if (!cmd.design().isEmpty())
        window.openFileAsync(cmd.design());
    else
        QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    if (!cmd.parser.value(cmd.heatmap).isEmpty())
        window.setHeatmapPattern(cmd.parser.value(cmd.heatmap));
    if (cmd.parser.isSet(cmd.presentation))
        window.setPresentationMode(true);
    const int status = app.exec();
    // Engine jobs cancelled on the way out return within ~100 ms; a file still being parsed
    // may take longer: no worker outlives main() (static destructors), but quitting is bounded.
    cplan::EngineJobs::waitForAllWorkers(5000);
    return status;
}

} // namespace

int main(int argc, char **argv)
{
    renderScreenshotsOffscreen(argc, argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Cluster Planner"));
    QApplication::setOrganizationName(QStringLiteral("cluster-planner"));
    QApplication::setApplicationVersion(QStringLiteral(CPLAN_VERSION));
    cplan::installTranslations(app); // before any window exists
    const CommandLine cmd(app);

    auto catalog = cplan::loadCatalog();
    if (!catalog) {
        const QString message = QString::fromStdString(catalog.error().toString());
        if (cmd.parser.isSet(cmd.screenshot))
            qCritical("%s", qPrintable(message));
        else
            QMessageBox::critical(nullptr, QApplication::translate("main", "Cluster Planner"), message);
        return 2;
    }
    // Prices typed into the BOM or imported go into the store the catalog was loaded from.
    cplan::MainWindow window(*catalog, cplan::UserStore::defaultPath());
    if (cmd.parser.isSet(cmd.screenshot))
        return cplan::takeScreenshot(window, cmd.screenshotOptions());
    return runWindow(app, window, cmd);
}
