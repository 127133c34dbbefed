#pragma once

#include <QCoreApplication>
#include <QString>

namespace cplan {

// What a key figure of the Metrics dock means and what it leaves out, for its tooltip; empty
// for a label it does not know. Labels are the Metrics dock's (translated) ones.
class MetricToolTips
{
    Q_DECLARE_TR_FUNCTIONS(cplan::MetricToolTips)

public:
    static QString forLabel(const QString &label);
};

} // namespace cplan
