#pragma once

#include "stepbar.h"

#include <QWidget>

#include <vector>

namespace cplan {

// A training step as a stacked horizontal bar with its legend (stepbar.h paints it, as the
// report does). Painted rather than a chart: one bar, redrawn in well under a millisecond.
class BreakdownBar : public QWidget
{
public:
    explicit BreakdownBar(QWidget *parent = nullptr);
    void setParts(std::vector<StepBarPart> parts);
    const std::vector<StepBarPart> &parts() const { return m_parts; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return {160, sizeHint().height()}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    std::vector<StepBarPart> m_parts;
};

} // namespace cplan
