#include "fixtures.h"

#include "io/designyaml.h"

#include <QFile>
#include <QProcess>
#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace cplan::test {

std::string sourcePath(const std::string &relative)
{
    return std::string(CPLAN_SOURCE_DIR) + "/" + relative;
}

std::string testDataPath(const std::string &relative)
{
    return sourcePath("tests/data/" + relative);
}

std::string samplePath(const std::string &name)
{
    const std::string suffix = ".cluster.yaml";
    return sourcePath("samples/" + (name.ends_with(suffix) ? name : name + suffix));
}

std::vector<std::string> sampleFiles()
{
    std::vector<std::string> files;
    for (const auto &entry : std::filesystem::directory_iterator(sourcePath("samples")))
        if (entry.path().string().ends_with(".cluster.yaml"))
            files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

const Catalog &builtinCatalog()
{
    static const Catalog catalog = [] {
        auto c = Catalog::loadDirectory(Catalog::builtinDirectory());
        if (!c)
            qFatal("the built-in catalog does not load: %s", c.error().toString().c_str());
        return std::move(*c);
    }();
    return catalog;
}

Catalog withTestPrices(Catalog catalog, const std::function<bool(const Part &)> &priced)
{
    std::vector<Part> parts = catalog.parts();
    for (Part &p : parts) {
        if (!priced(p)) {
            p.unitPrice.reset();
        } else if (!p.unitPrice) {
            p.unitPrice = 1000;
            p.currency = "USD";
            p.priceSource = "TEST DATA - not a real price";
        }
        catalog.addOrReplace(std::move(p));
    }
    return catalog;
}

namespace {

Design loadOrStop(const std::string &path, const Catalog &catalog)
{
    auto d = loadDesign(path, &catalog);
    if (!d)
        qFatal("%s", d.error().toString().c_str());
    return std::move(*d);
}

} // namespace

Design loadSample(const std::string &name, const Catalog &catalog)
{
    return loadOrStop(samplePath(name), catalog);
}

Design loadTestDesign(const std::string &relative, const Catalog &catalog)
{
    return loadOrStop(testDataPath(relative), catalog);
}

FatTreeSpec fatTreeSpec(const std::string &serverPart, int count, const std::string &switchPart, int tiers, int down, int up)
{
    FatTreeSpec s;
    s.servers = {{serverPart, count}};
    s.switchPart = switchPart;
    s.tiers = tiers;
    s.blockingDown = down;
    s.blockingUp = up;
    return s;
}

Design generateOrStop(const FatTreeSpec &spec, const Catalog &catalog, FatTreeReport *report)
{
    auto d = generateFatTree(spec, catalog, report);
    if (!d)
        qFatal("generate failed: %s", d.error().toString().c_str());
    return std::move(*d);
}

bool near(double a, double b, double rel, double abs)
{
    const double diff = std::fabs(a - b);
    return diff <= abs || diff <= rel * std::max(std::fabs(a), std::fabs(b));
}

FabricShape fabricShape(const Design &design, const Catalog &catalog)
{
    FabricShape s;
    auto label = [](const Node &n) { return n.name.empty() ? n.id : n.name; };
    for (const Node &n : design.nodes) {
        if (n.role == NodeRole::Switch) {
            s.switches.insert(label(n));
        } else {
            std::set<int> hcas;
            for (const PortInfo &p : nodePorts(n, catalog))
                hcas.insert(p.hca);
            s.servers.emplace(label(n), hcas.size());
        }
    }
    for (const Link &l : design.links) {
        std::string a = label(design.node(l.a.node)) + ":" + std::to_string(l.a.port);
        std::string b = label(design.node(l.b.node)) + ":" + std::to_string(l.b.port);
        if (b < a)
            std::swap(a, b);
        s.links.emplace(a, b);
    }
    return s;
}

ProgramRun runProgram(const QString &program, const QStringList &args, const QString &storePath)
{
    QProcess p;
    if (!storePath.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CPLAN_STORE"), storePath);
        p.setProcessEnvironment(env);
    }
    p.start(program, args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return ProgramRun{-1, p.readAllStandardOutput(), p.readAllStandardError()};
    }
    return ProgramRun{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

QByteArray readBytes(const std::string &path)
{
    QFile f(QString::fromStdString(path));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeBytes(const std::string &path, const QByteArray &bytes)
{
    QFile f(QString::fromStdString(path));
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

} // namespace cplan::test
