#include "asbuiltcompare.h"

#include "documentfiles.h"

#include "asbuiltoverlay.h"
#include "canvasitems.h"
#include "canvasscene.h"
#include "canvasview.h"
#include "differencesview.h"
#include "document.h"
#include "enginejob.h"
#include "l10n.h"

#include "analysis/verification.h"
#include "io/ibnetdiscover.h"
#include "util/atomicfile.h"
#include "verify/matchstats.h"
#include "verify/punchlist.h"

#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QInputDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QScrollBar>
#include <QTimer>

namespace cplan {

namespace {

const char *kDumpFilter = QT_TRANSLATE_NOOP("cplan::AsBuiltCompare",
                                            "ibnetdiscover output (*.topo *.out *.txt *.ibnetdiscover *.net *.log);;All files (*)");

// Keeps the legend in the canvas's top-left corner. The legend is a child of the view, not of
// its viewport: the viewport scrolls its children along with the scene.
class CornerKeeper : public QObject
{
public:
    CornerKeeper(QWidget *legend, QWidget *viewport) : QObject(legend), m_legend(legend), m_viewport(viewport) { place(); }
    bool eventFilter(QObject *, QEvent *e) override
    {
        if (e->type() == QEvent::Resize || e->type() == QEvent::Move)
            place();
        return false;
    }
    void place() { m_legend->move(m_viewport->geometry().topLeft() + QPoint(10, 10)); }

private:
    QWidget *m_legend;
    QWidget *m_viewport;
};

} // namespace

AsBuiltCompare::AsBuiltCompare(Document *document, CanvasScene *scene, CanvasView *view, DifferencesView *differences,
                               DocumentFiles *files, EngineJobs *jobs, const Catalog &catalog, QWidget *window)
    : QObject(window)
    , m_document(document)
    , m_scene(scene)
    , m_view(view)
    , m_differences(differences)
    , m_files(files)
    , m_catalog(catalog)
    , m_jobs(jobs)
    , m_window(window)
    , m_legend(new AsBuiltLegend(view))
{
    m_legend->hide();
    view->viewport()->installEventFilter(new CornerKeeper(m_legend, view->viewport()));
    connect(m_differences, &DifferencesView::findingActivated, this, &AsBuiltCompare::select);
    connect(m_differences, &DifferencesView::clearRequested, this, &AsBuiltCompare::clear);
    connect(m_differences, &DifferencesView::punchListRequested, this, &AsBuiltCompare::exportPunchList);
    connect(m_document, &Document::changed, this, [this](const ChangeEvent &e) {
        if (e.type == ChangeEvent::DesignReplaced) {
            clear();   // another design: the comparison was about the old one
        } else if (m_overlay) {
            m_overlay->refresh();
            // The comparison was of the plan as it was: say so until it is compared again.
            if (m_result && (e.aspects & (ChangeEvent::Topology | ChangeEvent::Properties))) {
                m_legend->setOutdated(true);
                m_differences->setOutdated(tr("Outdated: the plan changed after the comparison with %1 at %2. "
                                              "File ▸ Compare with as-built… compares it as it is now.")
                                               .arg(QFileInfo(m_source).fileName(), QLocale().toString(m_comparedAt, QLocale::ShortFormat)));
            }
        }
    });
}

AsBuiltCompare::~AsBuiltCompare()
{
    delete m_overlay;   // still on the scene: take it off
}

namespace {

Result<IbnetdiscoverImport> readAndImport(const std::string &path, const Catalog &catalog)
{
    auto text = readFile(path);
    if (!text)
        return text.error();
    return importIbnetdiscover(*text, path, catalog);
}

} // namespace

bool AsBuiltCompare::adoptImport(Result<IbnetdiscoverImport> imported, const QString &fileName, QString *error)
{
    if (!imported) {
        if (error)
            *error = QString::fromStdString(imported.error().toString());
        return false;
    }
    const auto &c = imported->counts;
    const QString message = tr("Imported %1: %2 switches, %3 HCAs in %4 servers, %5 cables; %6 note(s)")
                                .arg(QFileInfo(fileName).fileName())
                                .arg(c.switches)
                                .arg(c.hcas)
                                .arg(c.servers)
                                .arg(c.cables)
                                .arg(imported->notes.size());
    m_document->reset(std::move(imported->design), QString(), true);
    // Why a record or cable is not in the design: in the Differences dock, raised when the import
    // left something out.
    QStringList notes;
    bool leftOut = false;
    for (const ImportNote &n : imported->notes) {
        notes << QString::fromStdString(n.text(QFileInfo(fileName).fileName().toStdString()));
        leftOut = leftOut || n.kind == ImportNote::Kind::Skipped || n.kind == ImportNote::Kind::Cut;
    }
    m_differences->setImportNotes(fileName, notes);
    if (leftOut)
        emit showDifferences();
    emit statusMessage(message, 15000);
    QTimer::singleShot(0, m_view, &CanvasView::fitAll);
    return true;
}

QString AsBuiltCompare::designFolder() const
{
    // Where the open design is: its dumps are usually beside it.
    return m_document->fileName().isEmpty() ? QString() : QFileInfo(m_document->fileName()).absolutePath();
}

bool AsBuiltCompare::importFile(const QString &fileName, QString *error)
{
    return adoptImport(readAndImport(fileName.toStdString(), m_catalog), fileName, error);
}

void AsBuiltCompare::importFabric()
{
    if (isBusy() || !m_files->maybeSave())
        return;
    const QString file = QFileDialog::getOpenFileName(m_window, tr("Import fabric"), designFolder(), tr(kDumpFilter));
    if (!file.isEmpty())
        importFileAsync(file);
}

bool AsBuiltCompare::isBusy() const
{
    return m_job && m_jobs->isRunning(m_job);
}

void AsBuiltCompare::cancel()
{
    if (isBusy())
        m_jobs->cancel(m_job);
    m_job = 0;
}

void AsBuiltCompare::importFileAsync(const QString &fileName, bool interactive)
{
    if (isBusy())
        return;
    emit statusMessage(tr("Importing %1…").arg(QFileInfo(fileName).fileName()), 0);
    EngineJobs::Spec spec;
    spec.kind = QStringLiteral("asbuilt");
    spec.title = tr("Importing the fabric");
    spec.context = this;
    // The importer looks parts up in a copy of the catalog (prices change on this thread).
    auto work = [snapshot = JobSnapshot::catalogOf(m_catalog), path = fileName.toStdString()](JobControl &) {
        return std::make_shared<Result<IbnetdiscoverImport>>(readAndImport(path, *snapshot.catalog));
    };
    m_job = m_jobs->start(std::move(spec), std::move(work), [this, fileName, interactive](std::shared_ptr<Result<IbnetdiscoverImport>> r) {
        m_job = 0;
        QString error;
        const bool ok = adoptImport(std::move(*r), fileName, &error);
        if (!ok && interactive)
            QMessageBox::warning(m_window, tr("Import fabric"), tr("Could not import the fabric:\n%1").arg(error));
        emit imported(ok, error);
    });
}

bool AsBuiltCompare::compareWith(const QString &fileName, QString *error, int plane)
{
    auto r = analyzeVerification(m_document->design(), fileName.toStdString(), m_catalog, plane);
    if (!r) {
        if (error)
            *error = QString::fromStdString(r.error().toString());
        return false;
    }
    show(std::move(*r), fileName, plane);
    return true;
}

void AsBuiltCompare::compareWithAsync(const QString &fileName, bool interactive, int plane)
{
    if (isBusy())
        return;
    emit statusMessage(tr("Comparing with %1…").arg(QFileInfo(fileName).fileName()), 0);
    EngineJobs::Spec spec;
    spec.kind = QStringLiteral("asbuilt");
    spec.title = tr("Comparing with the as-built fabric");
    spec.context = this;
    // The comparison is of the plan as it is now: an edit meanwhile drops it.
    JobSnapshot snapshot = JobSnapshot::of(*m_document);
    spec.document = m_document;
    spec.revision = snapshot.revision;
    auto work = [snapshot, path = fileName.toStdString(), plane](JobControl &) mutable {
        return std::make_shared<Result<VerificationAnalysis>>(analyzeVerification(snapshot.design(), path, *snapshot.catalog, plane));
    };
    m_job = m_jobs->start(std::move(spec), std::move(work), [this, fileName, interactive, plane](std::shared_ptr<Result<VerificationAnalysis>> r) {
        m_job = 0;
        if (!r->ok()) {
            const QString error = QString::fromStdString(r->error().toString());
            emit statusMessage(tr("Comparison failed: %1").arg(error), 15000);
            if (interactive)
                QMessageBox::warning(m_window, tr("Compare with as-built"), tr("Could not read the as-built fabric:\n%1").arg(error));
            emit compared(false, error);
            return;
        }
        show(std::move(**r), fileName, plane);
        emit compared(true, QString());
    });
}

void AsBuiltCompare::compare()
{
    const QString file = QFileDialog::getOpenFileName(m_window, tr("Compare with as-built"), designFolder(),
                                                      tr("ibnetdiscover output, LLDP tables or design (*.topo *.out *.txt *.ibnetdiscover *.net "
                                                         "*.log *.json *.cluster.yaml *.yaml);;All files (*)"));
    if (file.isEmpty())
        return;
    // A multi-plane design: each plane is its own subnet, and ibnetdiscover reads one at a time.
    const int plane = designPlanes(m_document->design()) > 1 ? askPlane() : 0;
    if (plane < 0)
        return;
    compareWithAsync(file, true, plane);
}

int AsBuiltCompare::askPlane()
{
    const std::vector<PlaneNodeCounts> counts = planeNodeCounts(m_document->design(), m_catalog);
    auto what = [&counts](std::size_t p) {
        return tr("%1 switches, %2 HCAs in %3 servers")
            .arg(formatNumber(counts[p].switches), formatNumber(counts[p].hcas), formatNumber(counts[p].servers));
    };
    QStringList items;
    for (std::size_t p = 1; p < counts.size(); ++p)
        items << tr("Plane %1 — %2").arg(int(p)).arg(what(p));
    // LLDP tables and designs show every plane at once.
    items << tr("The whole design — %1 (LLDP tables or a design file)").arg(what(0));
    bool ok = false;
    const QString item = QInputDialog::getItem(m_window, tr("Compare with as-built"),
                                               tr("Each plane is a subnet of its own, and an ibnetdiscover dump shows one. "
                                                  "Which plane is this dump of?"),
                                               items, 0, false, &ok);
    if (!ok)
        return -1;
    const int i = int(items.indexOf(item));
    return i == int(items.size()) - 1 ? 0 : i + 1;
}

QString AsBuiltCompare::planeScope(int plane) const
{
    return plane > 0 ? tr("Plane %1 of %2").arg(plane).arg(designPlanes(m_document->design())) : QString();
}

void AsBuiltCompare::show(VerificationAnalysis analysis, const QString &source, int plane)
{
    m_result = std::make_unique<VerifyResult>(std::move(analysis.result));
    m_source = source;
    if (!m_overlay) {
        m_overlay = new AsBuiltOverlay(m_scene);
        m_scene->addItem(m_overlay);
    }
    m_overlay->setResult(*m_result);
    m_legend->setSummary(m_result->summary);
    m_legend->setOutdated(false);
    m_legend->show();
    m_legend->raise();
    QStringList notes;
    for (const std::string &n : analysis.asBuilt.notes)
        notes << QString::fromStdString(n);
    m_differences->setResult(*m_result, source, notes, planeScope(plane));
    m_comparedAt = QTime::currentTime();
    const VerifySummary &s = m_result->summary;
    if (const MatchStats m = matchStats(*m_result); m.almostNothingMatched())
        emit statusMessage(tr("Only %1 of %2 planned nodes matched: is %3 a dump of this fabric, and of the right plane?")
                               .arg(m.matched)
                               .arg(m.planNodes)
                               .arg(QFileInfo(source).fileName()),
                           30000);
    else if (m.partialDump())
        emit statusMessage(engineText(m.partialDumpWording()), 30000);
    else
        emit statusMessage(m_result->agree() ? tr("The as-built fabric agrees with the plan.")
                                             : tr("As built: %1 missing, %2 misconnected, %3 unexpected, %4 degraded cable(s)")
                                                   .arg(s.missing)
                                                   .arg(s.misconnected)
                                                   .arg(s.unexpected)
                                                   .arg(s.different),
                           15000);
    emit showDifferences();
}

void AsBuiltCompare::clear()
{
    m_result.reset();
    m_source.clear();
    delete m_overlay;
    m_legend->hide();
    m_differences->clear();
}

bool AsBuiltCompare::savePunchList(const QString &fileName, QString *error) const
{
    if (!m_result) {
        if (error)
            *error = tr("There is no comparison with an as-built fabric.");
        return false;
    }
    if (auto st = writeFileAtomically(fileName.toStdString(), punchListCsv(punchList(*m_result))); !st) {
        if (error)
            *error = QString::fromStdString(st.error().toString());
        return false;
    }
    return true;
}

void AsBuiltCompare::exportPunchList()
{
    if (!m_result)
        return;
    // Against another fabric every cable is a row: ask before the technicians get such a list.
    if (const MatchStats m = matchStats(*m_result); m.almostNothingMatched()) {
        const auto answer = QMessageBox::warning(
            m_window, tr("Export punch list"),
            tr("Only %1 of %2 planned nodes matched: %3 is most likely a dump of another fabric or plane, and the punch list "
               "would tell the technicians to recable everything. Export it anyway?")
                .arg(m.matched)
                .arg(m.planNodes)
                .arg(QFileInfo(m_source).fileName()),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes)
            return;
    }
    const QFileInfo plan(m_document->fileName());
    QString base = plan.fileName();
    base.remove(QStringLiteral(".cluster.yaml"));
    const QString suggested = (plan.fileName().isEmpty() ? QStringLiteral("punch-list") : base + QStringLiteral("-punch-list")) + QStringLiteral(".csv");
    const QString file = QFileDialog::getSaveFileName(m_window, tr("Export punch list"), QDir(plan.absolutePath()).filePath(suggested),
                                                      tr("CSV (*.csv);;All files (*)"));
    if (file.isEmpty())
        return;
    QString error;
    if (!savePunchList(file, &error)) {
        QMessageBox::warning(m_window, tr("Export punch list"), tr("Could not write the punch list:\n%1").arg(error));
        return;
    }
    emit statusMessage(tr("Punch list written to %1").arg(QDir::toNativeSeparators(file)), 8000);
}

void AsBuiltCompare::select(const QStringList &links, const QStringList &nodes)
{
    m_scene->selectObjects(links + nodes);
    QRectF box;
    for (QGraphicsItem *item : m_scene->selectedItems())
        box = box.isNull() ? item->sceneBoundingRect() : box.united(item->sceneBoundingRect());
    if (!box.isNull())
        m_view->reveal(box);
}

} // namespace cplan
