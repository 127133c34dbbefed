#pragma once

#include <QDialog>
#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

class QLabel;
class QTableWidget;
class QWidget;

namespace cplan {

class Catalog;
class Design;
class Document;
struct PerfCheck;
enum class PerfVerdict;   // analysis/ncclchecks.h: moc cannot read the engine's C++20 headers

// File ▸ Compare with measured performance…: nccl-tests logs (all_reduce_perf and the others)
// held against the plan's prediction row by row, as `cplan verify-perf` does. The dialog is
// not modal and deletes itself when closed: one can keep it beside the canvas, and open another.
// A log that does not read shows its error (file:line) and nothing else happens.
class PerfCompareDialog : public QDialog
{
    Q_OBJECT

public:
    // The table's columns.
    enum Column { SizeColumn, MeasuredColumn, PredictedColumn, VerdictColumn, AlgorithmColumn, ColumnCount };

    PerfCompareDialog(std::vector<PerfCheck> checks, QWidget *parent = nullptr);
    ~PerfCompareDialog() override;

    // The File menu's action: picks the logs, checks them against the open design with a wait
    // cursor, and shows the result (or the error in a message box).
    static void compare(const Document *document, QWidget *window);
    // Without dialogs (tests): reads `files`, checks them against `design` and returns the
    // dialog, not shown, as a child of `parent`; null with the error (file:line) when a log does
    // not read or does not fit the design.
    static PerfCompareDialog *fromFiles(const Design &design, const Catalog &catalog, const QStringList &files,
                                        QWidget *parent, QString *error = nullptr);

    const std::vector<PerfCheck> &checks() const { return m_checks; }
    // Rows under kPerfJudgedBytes are not judged, so all of these are of that size or more.
    int rowsBelow() const;
    QString summary() const;
    // One table per log, in the logs' order; a row's size cell holds its bytes (Qt::UserRole)
    // and its line in the log (Qt::UserRole + 1).
    const QList<QTableWidget *> &tables() const { return m_tables; }

    // "8 B", "64 MiB", "1.5 GiB".
    static QString sizeText(double bytes);
    static QString verdictText(PerfVerdict verdict);

protected:
    void showEvent(QShowEvent *event) override;

private:
    QWidget *logPage(const PerfCheck &check);
    QTableWidget *table(const PerfCheck &check);

    std::vector<PerfCheck> m_checks;
    QList<QTableWidget *> m_tables;
    QLabel *m_summary;
};

} // namespace cplan
