#pragma once

#include <QColor>
#include <QString>
#include <QWidget>

#include <vector>

class QPainter;

namespace cplan {

// A horizontal bar cut into the parts of one step (compute, TP, ...), with a legend below.
// Painted rather than a chart: it is one bar, and it redraws in well under a millisecond.
class BreakdownBar : public QWidget
{
public:
    struct Part
    {
        QString name;
        double seconds = 0;
        QColor color;
    };
    explicit BreakdownBar(QWidget *parent = nullptr);
    void setParts(std::vector<Part> parts);
    const std::vector<Part> &parts() const { return m_parts; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return {160, sizeHint().height()}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

    // Paints bar and legend into `rect` (the dock; the report page draws the same).
    static void paint(QPainter &p, const QRectF &rect, const std::vector<Part> &parts);
    static int legendRows(const QFontMetrics &fm, int width, const std::vector<Part> &parts);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    std::vector<Part> m_parts;
};

} // namespace cplan
