#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "analysis/compare.h"
#include "model/design.h"
#endif

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

class QDialog;

namespace cplan {

class Catalog;
class MainWindow;

// Tools ▸ Compare with the Ethernet twin… (issue 29): the open design's Ethernet twin (the same
// servers and rails on Spectrum-4, generate/twin.h) built and both compared by the engine
// (analysis/compare.h) as a job of the window's EngineJobs, on copies, cancellable. The key
// figures side by side and the reasons show in a dialog whose "Open the twin" shows the twin in
// a window of its own, analysed like any design.
class TwinCompare : public QObject
{
    Q_OBJECT

public:
    TwinCompare(MainWindow *window, const Catalog &catalog);

    void start();
    QDialog *dialog() const { return m_dialog; }   // the last result's (tests)
    MainWindow *openTwin();                        // the twin in a new window (null: none)

signals:
    void finished(bool ok, const QString &error);

private:
    struct Outcome
    {
        std::optional<Design> twin;
        std::optional<Comparison> comparison;
        QString error;
    };
    void show(Outcome outcome);

    MainWindow *m_window;
    const Catalog &m_catalog;
    std::optional<Design> m_twin;
    QPointer<QDialog> m_dialog;
};

} // namespace cplan
