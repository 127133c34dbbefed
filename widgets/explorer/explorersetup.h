#pragma once

#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QSpinBox;
class QTabWidget;

namespace cplan {

class Catalog;
struct ExplorerSeed;

// What the explorer sweeps: a form (the GPU server and how many, the switch models, blocking
// ratios, rails and tiers to try, the workload, the objectives) that writes a sweep file, or a
// sweep file opened or typed as it is (the "Sweep file" tab). Either way the sweep is its text,
// parsed by the engine's parseSweep, so the window runs exactly what `cplan sweep` would.
class ExplorerSetup : public QWidget
{
    Q_OBJECT

public:
    explicit ExplorerSetup(const Catalog &catalog, QWidget *parent = nullptr);

    // The sweep file's text: the form's, or the Sweep file tab's when that is shown.
    QString sweepText() const;
    // Where the text came from (an opened file; empty for the form), for error messages and
    // the files a sweep names (a trace, a quote), which are relative to it.
    QString sweepFile() const { return m_file; }
    // Shows a sweep file's text on the Sweep file tab.
    void setSweepText(const QString &text, const QString &file = {});
    // The form's sweep file (also what the Sweep file tab starts from).
    QString formText() const;

    // Fills the form from a design (explorerseed.h): the fields the seed has, the rest as they are.
    void startFrom(const ExplorerSeed &seed);
    // The form's fields (tests fill them).
    void setServers(const QString &server, int count);
    void setSwitches(const QStringList &switches);
    void setAxisValues(const QString &option, const QString &commaSeparated);   // blocking, rails, tiers
    void setWorkload(const QString &pattern, const QString &bytes);
    void setObjectives(const QStringList &figures);

signals:
    void changed();

private:
    QWidget *buildForm(const Catalog &catalog);
    void syncText();

    QTabWidget *m_tabs = nullptr;
    QComboBox *m_server = nullptr;
    QSpinBox *m_servers = nullptr;
    QListWidget *m_switches = nullptr;
    QLineEdit *m_blocking = nullptr, *m_rails = nullptr, *m_tiers = nullptr;
    QComboBox *m_pattern = nullptr;
    QLineEdit *m_bytes = nullptr;
    QListWidget *m_objectives = nullptr;
    QPlainTextEdit *m_text = nullptr;
    QLabel *m_fileLabel = nullptr;
    QString m_file;
};

} // namespace cplan
