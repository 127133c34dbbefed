#include "skip.h"

#include <QFileInfo>
#include <QStandardPaths>

#include <map>

namespace cplan::test {

namespace {

QStringList &reasons()
{
    static QStringList r;
    return r;
}

// The Debian 12 package of each tool a test looks for (installer/setup-debian.sh --with-tools).
QString debianPackage(const QString &tool)
{
    static const std::map<QString, QString> packages{
        {QStringLiteral("ibsim"), QStringLiteral("ibsim-utils")},
        {QStringLiteral("opensm"), QStringLiteral("opensm")},
        {QStringLiteral("ibnetdiscover"), QStringLiteral("infiniband-diags")},
        {QStringLiteral("dot"), QStringLiteral("graphviz")},
        {QStringLiteral("soffice"), QStringLiteral("libreoffice-calc-nogui")},
        {QStringLiteral("pdftoppm"), QStringLiteral("poppler-utils")},
        {QStringLiteral("pdftotext"), QStringLiteral("poppler-utils")},
        {QStringLiteral("pdfinfo"), QStringLiteral("poppler-utils")},
        {QStringLiteral("unshare"), QStringLiteral("util-linux")},
        {QStringLiteral("timeout"), QStringLiteral("coreutils")},
        {QStringLiteral("slurmctld"), QStringLiteral("slurmctld")},
        {QStringLiteral("scontrol"), QStringLiteral("slurm-client")},
        {QStringLiteral("sbatch"), QStringLiteral("slurm-client")},
        {QStringLiteral("slurmd"), QStringLiteral("slurmd")},
        {QStringLiteral("munged"), QStringLiteral("munge")},
    };
    const auto it = packages.find(tool);
    return it == packages.end() ? QString() : it->second;
}

} // namespace

void noteSkip(const QString &reason)
{
    if (!reasons().contains(reason))
        reasons().append(reason);
}

QStringList skipReasons()
{
    return reasons();
}

QString findTool(const QString &name)
{
    QString path = QStandardPaths::findExecutable(name);
    if (path.isEmpty())
        path = QStandardPaths::findExecutable(name, {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
    return path;
}

QString missingTools(std::initializer_list<const char *> tools)
{
    for (const char *tool : tools) {
        const QString name = QString::fromUtf8(tool);
        if (!findTool(name).isEmpty())
            continue;
        const QString package = debianPackage(name);
        return package.isEmpty() ? QStringLiteral("%1 not found").arg(name)
                                 : QStringLiteral("%1 not found (Debian: %2; installer/setup-debian.sh --with-tools)").arg(name, package);
    }
    return {};
}

QString missingFile(const std::string &path, const QString &hint)
{
    if (!path.empty() && QFileInfo::exists(QString::fromStdString(path)))
        return {};
    const QString what = path.empty() ? QStringLiteral("no path given") : QStringLiteral("%1 not found").arg(QString::fromStdString(path));
    return hint.isEmpty() ? what : what + QStringLiteral(": ") + hint;
}

} // namespace cplan::test
