#pragma once

#include <QChartView>

#include <vector>

namespace cplan {

struct CollectiveEstimate;

// Bus bandwidth against message size, as nccl-tests sweeps it (8 B to 16 GiB, ×2 steps): one line
// per stretch of sizes where NCCL runs the same algorithm and protocol, so the switches (Ring/LL
// to NVLS/Simple, say) show where they happen. Sizes whose figures are unknown are left out and
// the title says so.
class CollectiveChart : public QChartView
{
    Q_OBJECT

public:
    explicit CollectiveChart(QWidget *parent = nullptr);
    // Empty: the chart is hidden.
    void setSweep(const std::vector<CollectiveEstimate> &sweep);
};

} // namespace cplan
