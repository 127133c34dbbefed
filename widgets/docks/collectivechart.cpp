#include "collectivechart.h"

#include "nccl/collectiverun.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace cplan {

namespace {

QString choiceName(const CollectiveEstimate &e)
{
    return QStringLiteral("%1/%2").arg(QString::fromLatin1(nccl::toString(e.algorithm)), QString::fromLatin1(nccl::toString(e.protocol)));
}

QString sizeLabel(double log2Bytes)
{
    static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    const int p = int(std::lround(log2Bytes));
    return QStringLiteral("%1 %2").arg(1 << (p % 10)).arg(QString::fromLatin1(units[std::min(p / 10, 4)]));
}

} // namespace

CollectiveChart::CollectiveChart(QWidget *parent)
    : QChartView(parent)
{
    chart()->setMargins(QMargins(4, 4, 4, 4));
    chart()->setBackgroundRoundness(0);
    QFont f = chart()->titleFont();
    f.setBold(true);
    f.setPointSizeF(9);
    chart()->setTitleFont(f);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(200);
    hide();
}

void CollectiveChart::setSweep(const std::vector<CollectiveEstimate> &sweep)
{
    QChart *c = chart();
    c->removeAllSeries();
    for (QAbstractAxis *a : c->axes())
        c->removeAxis(a);
    setVisible(!sweep.empty());
    if (sweep.empty())
        return;
    auto *x = new QCategoryAxis;
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(tr("busbw GB/s"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    QLineSeries *line = nullptr;
    QString current;
    double top = 0, lo = 1e9, hi = 0;
    std::size_t unknown = 0;
    for (const CollectiveEstimate &e : sweep) {
        if (!e.known) {
            ++unknown;
            line = nullptr;
            continue;
        }
        const double lx = std::log2(e.bytes);
        lo = std::min(lo, lx);
        hi = std::max(hi, lx);
        top = std::max(top, e.busbwGBps);
        if (!line || choiceName(e) != current) {
            const QPointF joint = line ? line->points().constLast() : QPointF();
            line = new QLineSeries;
            current = choiceName(e);
            line->setName(current);
            if (!joint.isNull())
                line->append(joint);   // the lines meet where NCCL switches
            c->addSeries(line);
            line->attachAxis(x);
            line->attachAxis(y);
        }
        line->append(lx, e.busbwGBps);
    }
    for (double p = std::ceil(lo / 10) * 10; p <= hi; p += 10)
        x->append(sizeLabel(p), p);
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    x->setRange(lo, std::max(hi, lo + 1));
    y->setRange(0, std::max(1.0, top * 1.1));
    c->setTitle(unknown == sweep.size() ? tr("Bus bandwidth by message size: unknown (figures missing)")
                : unknown ? tr("Bus bandwidth by message size (%1 sizes unknown)").arg(unknown)
                          : tr("Bus bandwidth by message size"));
}

} // namespace cplan
