#include "enginedock.h"

#include "document.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>

#include <algorithm>

namespace cplan {

EngineDock::EngineDock(Document *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_engine(new EngineJobs(this))
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(500);
    connect(&m_debounce, &QTimer::timeout, this, [this] { refresh(); });
    connect(m_document, &Document::changed, this, [this](const ChangeEvent &e) {
        if (e.aspects & (ChangeEvent::Topology | ChangeEvent::Properties | ChangeEvent::Prices))
            scheduleRefresh();
    });
}

void EngineDock::setJobs(EngineJobs *jobs)
{
    cancelJob();
    m_engine = jobs;
    m_stale = true;
}

bool EngineDock::isRunning() const
{
    return m_job && m_engine->isRunning(m_job);
}

void EngineDock::cancelJob()
{
    if (isRunning())
        m_engine->cancel(m_job);
    m_job = 0;
}

void EngineDock::markRefreshed()
{
    m_debounce.stop();
    m_stale = false;
}

void EngineDock::scheduleRefresh()
{
    m_stale = true;
    if (isVisible())
        m_debounce.start();
}

void EngineDock::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale && !m_debounce.isActive())
        m_debounce.start(0);
}

bool EngineDock::waitForResult(int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    if (m_stale)
        refresh();
    while ((isRunning() || m_debounce.isActive()) && t.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QCoreApplication::processEvents();
    return !isRunning() && hasResult();
}

void EngineDock::selectIdOrFile(QComboBox *box, const QString &idOrFile)
{
    int index = box->findData(idOrFile);
    if (index < 0) {   // a file: listed by its name, before the entry that asks for one
        index = box->count() - 1;
        box->insertItem(index, QFileInfo(idOrFile).fileName(), idOrFile);
        box->setItemData(index, idOrFile, Qt::ToolTipRole);
    }
    box->setCurrentIndex(index);
}

std::optional<QString> EngineDock::askFile(QComboBox *box, const QString &current, const QString &caption, const QString &filter)
{
    const QString f = QFileDialog::getOpenFileName(this, caption, QString(), filter);
    if (f.isEmpty()) {
        box->setCurrentIndex(std::max(0, box->findData(current)));
        return std::nullopt;
    }
    return f;
}

} // namespace cplan
