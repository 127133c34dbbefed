#pragma once

#include <QCoreApplication>
#include <QString>

namespace cplan {

// What a figure of the Metrics dock means and what it leaves out, for its tooltip; empty for an
// id it does not know. Ids are the key figures' (core/analysis/keyfigures.h), or the dock's own
// for rows that are no key figure (price_coverage, problems, flows_simulated_by, ...).
class MetricToolTips
{
    Q_DECLARE_TR_FUNCTIONS(cplan::MetricToolTips)

public:
    static QString forId(const QString &id);
};

} // namespace cplan
