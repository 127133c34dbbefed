// The design-rule findings page: what `cplan validate` and the window's Problems dock list, so
// the report a customer gets says what the design still breaks (or that it breaks nothing).
#include "pdfreport.h"
#include "reportformat.h"
#include "reportpages.h"
#include "reportpainter.h"

#include "l10n.h"

#include <algorithm>

namespace cplan {

namespace {

constexpr std::size_t kFindingRows = 40;   // the rest: `cplan validate` lists every one

QString severityText(Severity s)
{
    switch (s) {
    case Severity::Error: return PdfReport::tr("error");
    case Severity::Warning: return PdfReport::tr("warning");
    case Severity::Info: return PdfReport::tr("note");
    }
    return {};
}

QString objectsText(const std::vector<std::string> &objects)
{
    QStringList names;
    for (std::size_t i = 0; i < objects.size() && i < 3; ++i)
        names << QString::fromStdString(objects[i]);
    if (objects.size() > 3)
        names << PdfReport::tr("and %1 more").arg(objects.size() - 3);
    return names.join(QStringLiteral(", "));
}

} // namespace

void findingsPage(ReportPainter &painter, const ReportData &data)
{
    const std::vector<Finding> &findings = data.analysis.findings;
    const auto count = [&](Severity s) {
        return double(std::count_if(findings.begin(), findings.end(), [s](const Finding &f) { return f.severity == s; }));
    };
    // None: a line under the page before; some: a page of their own.
    if (findings.empty())
        painter.heading(PdfReport::tr("Design rules"));
    else
        painter.newPage(PdfReport::tr("Design rules"));
    const double errors = count(Severity::Error), warnings = count(Severity::Warning);
    painter.paragraph(PdfReport::tr("The design checked against the rules every front end applies (ports, speeds, cable reach, rack "
                                    "space and power): %1 error(s), %2 warning(s).")
                          .arg(painter.figure("findings_errors", errors, number(errors)),
                               painter.figure("findings_warnings", warnings, number(warnings))));
    if (findings.empty())
        return;
    std::vector<QStringList> rows;
    for (std::size_t i = 0; i < findings.size() && i < kFindingRows; ++i) {
        const Finding &f = findings[i];
        rows.push_back({severityText(f.severity), QString::fromStdString(f.code),
                        f.text.format.empty() ? QString::fromStdString(f.message) : engineText(f.text), objectsText(f.objects)});
    }
    painter.table({{PdfReport::tr("Severity"), 60}, {PdfReport::tr("Rule"), 110}, {PdfReport::tr("Finding"), 420},
                   {PdfReport::tr("Objects"), 179.89}},
                  rows);
    if (findings.size() > kFindingRows)
        painter.paragraph(PdfReport::tr("%1 more finding(s): `cplan validate` lists every one.").arg(findings.size() - kFindingRows), 7.5,
                          ink::kMuted);
}

} // namespace cplan
