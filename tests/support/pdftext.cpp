#include "pdftext.h"

#include "skip.h"

#include <QProcess>

namespace cplan::test {

std::optional<QString> pdfText(const QString &pdf)
{
    QProcess p;
    p.start(findTool(QStringLiteral("pdftotext")), {pdf, QStringLiteral("-")});
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return std::nullopt;
    return QString::fromUtf8(p.readAllStandardOutput());
}

} // namespace cplan::test
