#include "helpdialog.h"

#include "cost/coverage.h"

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QMessageBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace cplan {

QString HelpDialog::html()
{
    QString h;
    h += QStringLiteral("<h2>%1</h2>").arg(tr("Working in the window"));
    h += QStringLiteral("<ul>");
    for (const QString &item : {
             tr("Start from File ▸ New fat-tree fabric… (Ctrl+Shift+N), open a design (Ctrl+O), or drag switches and servers from the Parts palette onto the canvas."),
             tr("Wire: press on a free port and drag to another port. The line says the speed and cable the catalog picks, or why the link is refused."),
             tr("Move: drag a node; select several with a rubber band. Every edit can be undone (Ctrl+Z, redo Ctrl+Shift+Z or Ctrl+Y)."),
             tr("Pan with the middle button or Space + drag, zoom with the wheel. Double-click a node to collapse its scalable unit, double-click the block to expand it."),
             tr("Select a link to choose its cable and length in the Inspector; File ▸ Design settings… holds the currency, electricity price, PUE and TCO period."),
             tr("Tools ▸ Failure mode: click links or switches to fail them; the metrics and problems then describe the fabric without them. Failures are a scenario, not an edit."),
             tr("View ▸ Utilization heatmap colours every link by its load under a traffic pattern. F5 presents the canvas full screen; Esc or F5 leaves."),
             tr("Right-click a node, link or block for what can be done with it.")})
        h += QStringLiteral("<li>%1</li>").arg(item.toHtmlEscaped());
    h += QStringLiteral("</ul><h2>%1</h2><table cellspacing=4>").arg(tr("Shortcuts"));
    const QList<QPair<QString, QString>> keys = {
        {QStringLiteral("Ctrl+N / Ctrl+O / Ctrl+S / Ctrl+Shift+S"), tr("New, open, save, save as")},
        {QStringLiteral("Ctrl+W"), tr("Close the design")},
        {QStringLiteral("Ctrl+Z / Ctrl+Shift+Z, Ctrl+Y"), tr("Undo, redo")},
        {QStringLiteral("Ctrl+X / Ctrl+C / Ctrl+V / Del"), tr("Cut, copy, paste, delete")},
        {QStringLiteral("Ctrl+F"), tr("Find a server, switch, port (node:port), link, rack or GUID")},
        {QStringLiteral("Ctrl+0, Ctrl++ / Ctrl+-"), tr("Fit to view, zoom in / out")},
        {QStringLiteral("F5, Esc"), tr("Presentation mode on, off")},
        {QStringLiteral("F1"), tr("This help")}};
    for (const auto &[key, what] : keys)
        h += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(key.toHtmlEscaped(), what.toHtmlEscaped());
    h += QStringLiteral("</table><h2>%1</h2><ul>").arg(tr("Reading the figures"));
    for (const QString &item : {
             tr("A figure marked ≥ is a lower bound: some parts have no price, power or rack units in the catalog and count as zero. The BOM lists them."),
             tr("A cost figure with fewer than %1 % of its BOM lines priced, and a server or switch among those without a price, reads \"unknown (n of m lines priced)\": the rest alone would understate it. With every server and switch priced, or from %1 % of the lines up, it is a lower bound with its coverage beside it.").arg(qRound(kMinPricedLineShare * 100)),
             tr("Bisection is the most the first half of the endpoints (in the fabric's order, leaf by leaf) can send to the other half at once; a non-blocking fabric gives all that the half can inject, less means oversubscription."),
             tr("Link utilization and completion time come from a max-min fair flow model of the traffic pattern over the routes the routing engine would set; they leave out congestion control, adaptive routing and message sizes."),
             tr("Latency adds the switch and adapter latencies along each route (the catalog's, or assumed: 150 ns a switch, 600 ns an adapter) and 5 ns per metre of cable (3 m when unknown); it is the fabric's share, not an application's latency."),
             tr("Costs add catalog prices as they are (list or estimated); TCO adds energy for the TCO period at the electricity price and PUE of the design settings.")})
        h += QStringLiteral("<li>%1</li>").arg(item.toHtmlEscaped());
    h += QStringLiteral("</ul>");
    return h;
}

void HelpDialog::show(QWidget *parent)
{
    auto *dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("HelpDialog"));
    dialog->setWindowTitle(tr("Cluster Planner help"));
    auto *layout = new QVBoxLayout(dialog);
    auto *text = new QTextBrowser(dialog);
    text->setHtml(html());
    layout->addWidget(text);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    dialog->resize(720, 640);
    dialog->show();
}

void HelpDialog::about(QWidget *parent)
{
    QMessageBox::about(parent, tr("About Cluster Planner"),
                       tr("<h3>Cluster Planner %1</h3><p>Design GPU clusters on InfiniBand fabrics: topology, "
                          "bill of materials, cost, routing, traffic and scheduling analysis.</p>"
                          "<p>The same engine runs the window, the <tt>cplan</tt> command-line tool and the PDF report.</p>")
                           .arg(QApplication::applicationVersion()));
}

} // namespace cplan
