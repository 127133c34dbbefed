// GraphML and DOT of every sample: GraphML's attributes typed (int, double, string), a switch
// with its port count, an unknown figure absent (never 0), nodes and links in the design's order;
// DOT with each node's canvas position. Graphviz renders the DOT (dot), and neato -n keeps the
// positions.

#include "catalog/catalog.h"
#include "export/graphexport.h"
#include "util/atomicfile.h"

#include "fixtures.h"
#include "skip.h"
#include "testmain.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>
#include <map>
#include <vector>

using namespace cplan;

namespace {

struct Key
{
    QString forWhat, name, type;
};

struct Element
{
    QString id, source, target;
    std::map<QString, QString> data;   // attribute name -> text
};

struct GraphmlDoc
{
    std::map<QString, Key> keys;   // key id -> key
    std::vector<Element> nodes, edges;
    QString error;

    // The type declared for an attribute of nodes or edges ("" when none).
    QString typeOf(const QString &forWhat, const QString &name) const
    {
        for (const auto &[id, k] : keys)
            if (k.forWhat == forWhat && k.name == name)
                return k.type;
        return QString();
    }
};

GraphmlDoc readGraphml(const std::string &text)
{
    GraphmlDoc doc;
    QXmlStreamReader xml(QByteArray::fromStdString(text));
    Element *current = nullptr;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const auto a = xml.attributes();
        if (xml.name() == QLatin1String("key")) {
            doc.keys[a.value(QLatin1String("id")).toString()] = {a.value(QLatin1String("for")).toString(),
                                                                  a.value(QLatin1String("attr.name")).toString(),
                                                                  a.value(QLatin1String("attr.type")).toString()};
        } else if (xml.name() == QLatin1String("node") || xml.name() == QLatin1String("edge")) {
            auto &list = xml.name() == QLatin1String("node") ? doc.nodes : doc.edges;
            list.push_back({a.value(QLatin1String("id")).toString(), a.value(QLatin1String("source")).toString(),
                            a.value(QLatin1String("target")).toString(), {}});
            current = &list.back();
        } else if (xml.name() == QLatin1String("data") && current) {
            const QString key = a.value(QLatin1String("key")).toString();
            current->data[doc.keys[key].name] = xml.readElementText();
        }
    }
    if (xml.hasError())
        doc.error = xml.errorString();
    return doc;
}

// The number in a GraphML value of type double or int, as a reader parses it.
bool isNumber(const QString &text, bool integer)
{
    bool ok = false;
    if (integer)
        text.toInt(&ok);
    else
        ok = std::isfinite(text.toDouble(&ok)) && ok;
    return ok;
}

} // namespace

class TestGraphExport : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;
    QTemporaryDir m_dir;

    Design load(const QString &name) { return test::loadSample(name.toStdString(), m_catalog); }

    QString write(const QString &name, const std::string &text)
    {
        const QString path = m_dir.filePath(name);
        return writeFileAtomically(path.toStdString(), text) ? path : QString();
    }

    // A DOT node statement's id and pos, in the order written.
    static std::vector<std::pair<QString, QString>> dotNodes(const std::string &dot)
    {
        std::vector<std::pair<QString, QString>> out;
        static const QRegularExpression node(QStringLiteral("^\"?([^\\s\"\\[]+)\"?\\s*\\[(.*)\\];$"));
        static const QRegularExpression pos(QStringLiteral("pos=\"([^\"]*)\""));
        for (const QString &line : QString::fromStdString(dot).split(QLatin1Char('\n'))) {
            const auto m = node.match(line.trimmed());
            if (!m.hasMatch() || line.contains(QLatin1String("--")) || line.trimmed().startsWith(QLatin1String("graph ")) ||
                line.trimmed().startsWith(QLatin1String("node ")) || line.trimmed().startsWith(QLatin1String("edge ")))
                continue;
            out.push_back({m.captured(1), pos.match(m.captured(2)).captured(1)});
        }
        return out;
    }

private slots:
    void initTestCase()
    {
        m_catalog = test::builtinCatalog();
        QVERIFY(m_dir.isValid());
    }

    // Every sample design.
    void samples_data()
    {
        QTest::addColumn<QString>("name");
        for (const std::string &file : test::sampleFiles()) {
            const QString name = QFileInfo(QString::fromStdString(file)).fileName().remove(QStringLiteral(".cluster.yaml"));
            QTest::newRow(qPrintable(name)) << name;
        }
    }

    // Typed keys; every node and link in the design's order; a switch's ports are its part's,
    // other nodes have none; a link's length and speed are numbers where known, absent where not.
    void graphmlTyped_data() { samples_data(); }
    void graphmlTyped()
    {
        QFETCH(QString, name);
        const Design d = load(name);
        const GraphmlDoc doc = readGraphml(exportGraphml(d, m_catalog));
        QVERIFY2(doc.error.isEmpty(), qPrintable(doc.error));
        const std::map<QString, QString> nodeTypes = {{QStringLiteral("id"), QStringLiteral("string")},
                                                      {QStringLiteral("tier"), QStringLiteral("int")},
                                                      {QStringLiteral("gpus"), QStringLiteral("int")},
                                                      {QStringLiteral("ports"), QStringLiteral("int")},
                                                      {QStringLiteral("plane"), QStringLiteral("int")},
                                                      {QStringLiteral("x"), QStringLiteral("double")},
                                                      {QStringLiteral("y"), QStringLiteral("double")}};
        for (const auto &[attr, type] : nodeTypes)
            QCOMPARE(doc.typeOf(QStringLiteral("node"), attr), type);
        QCOMPARE(doc.typeOf(QStringLiteral("edge"), QStringLiteral("length_m")), QStringLiteral("double"));
        QCOMPARE(doc.typeOf(QStringLiteral("edge"), QStringLiteral("speed_gbps")), QStringLiteral("double"));
        QCOMPARE(doc.typeOf(QStringLiteral("edge"), QStringLiteral("link_id")), QStringLiteral("string"));

        QCOMPARE(doc.nodes.size(), d.nodes.size());
        for (std::size_t i = 0; i < d.nodes.size(); ++i) {
            const Node &n = d.nodes[i];
            const Element &e = doc.nodes[i];
            QCOMPARE(e.data.at(QStringLiteral("id")), QString::fromStdString(n.id));
            QCOMPARE(e.data.at(QStringLiteral("x")).toDouble(), n.x);
            QCOMPARE(e.data.at(QStringLiteral("y")).toDouble(), n.y);
            for (const auto &[attr, value] : e.data)
                if (nodeTypes.count(attr) && nodeTypes.at(attr) != QLatin1String("string"))
                    QVERIFY2(isNumber(value, nodeTypes.at(attr) == QLatin1String("int")), qPrintable(attr + QLatin1Char('=') + value));
            const Part *part = m_catalog.find(n.part);
            if (n.role == NodeRole::Switch) {
                QVERIFY(part);
                QCOMPARE(e.data.at(QStringLiteral("ports")).toInt(), part->ports);
            } else {
                QVERIFY2(!e.data.count(QStringLiteral("ports")), n.id.c_str());
            }
            QCOMPARE(e.data.count(QStringLiteral("plane")), std::size_t(n.plane > 0 ? 1 : 0));
        }
        QCOMPARE(doc.edges.size(), d.links.size());
        int withLength = 0;
        for (std::size_t i = 0; i < d.links.size(); ++i) {
            const Link &l = d.links[i];
            const Element &e = doc.edges[i];
            QCOMPARE(e.data.at(QStringLiteral("link_id")), QString::fromStdString(l.id));
            if (l.lengthM) {
                ++withLength;
                QCOMPARE(e.data.at(QStringLiteral("length_m")).toDouble(), *l.lengthM);
            } else {
                QVERIFY2(!e.data.count(QStringLiteral("length_m")), l.id.c_str());
            }
            const double speed = linkSpeedGbps(d, l, m_catalog);
            if (speed > 0)
                QCOMPARE(e.data.at(QStringLiteral("speed_gbps")).toDouble(), speed);
            else
                QVERIFY2(!e.data.count(QStringLiteral("speed_gbps")), l.id.c_str());
        }
        // The samples carry their cable lengths.
        QVERIFY(withLength > 0);
    }

    // A link without a length and a switch of an unknown part: no value, and no 0 or NaN.
    void graphmlUnknownIsAbsent()
    {
        Design d = load(QStringLiteral("edr-32gpu"));
        d.links.front().lengthM.reset();
        const std::string text = exportGraphml(d, m_catalog);
        QVERIFY(text.find(">nan<") == std::string::npos);
        QVERIFY(text.find(">-1<") == std::string::npos);
        const GraphmlDoc doc = readGraphml(text);
        QVERIFY(!doc.edges.front().data.count(QStringLiteral("length_m")));
        QVERIFY(doc.edges.back().data.count(QStringLiteral("length_m")));
    }

    // DOT: nodes in the design's order, each pinned at its canvas position (points, y up).
    void dotPositions_data() { samples_data(); }
    void dotPositions()
    {
        QFETCH(QString, name);
        const Design d = load(name);
        const auto nodes = dotNodes(exportDot(d, m_catalog));
        QCOMPARE(nodes.size(), d.nodes.size());
        for (std::size_t i = 0; i < d.nodes.size(); ++i) {
            const Node &n = d.nodes[i];
            QCOMPARE(nodes[i].first, QString::fromStdString(n.id));
            const QStringList xy = nodes[i].second.chopped(1).split(QLatin1Char(','));
            QVERIFY2(nodes[i].second.endsWith(QLatin1Char('!')) && xy.size() == 2, qPrintable(nodes[i].second));
            QCOMPARE(xy[0].toDouble(), n.x);
            QCOMPARE(xy[1].toDouble(), -n.y);
        }
    }

    // dot renders every node.
    void dotRenders_data() { samples_data(); }
    void dotRenders()
    {
        QFETCH(QString, name);
        CPLAN_REQUIRE_TOOLS("dot");
        const Design d = load(name);
        const QString dot = write(name + QStringLiteral(".dot"), exportDot(d, m_catalog));
        const QString svg = m_dir.filePath(name + QStringLiteral(".svg"));
        QProcess p;
        p.start(test::findTool(QStringLiteral("dot")), {QStringLiteral("-Tsvg"), dot, QStringLiteral("-o"), svg});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray content = f.readAll();
        QVERIFY(content.contains("<svg"));
        // Every node id made it through the writer's quoting.
        QCOMPARE(int(content.count("class=\"node\"")), int(d.nodes.size()));
    }

    // neato -n lays the nodes where the design has them: its output positions are the canvas
    // positions up to one shift (Graphviz moves the drawing to the origin).
    void neatoKeepsPositions_data() { samples_data(); }
    void neatoKeepsPositions()
    {
        QFETCH(QString, name);
        CPLAN_REQUIRE_TOOLS("neato");
        const Design d = load(name);
        const QString dot = write(name + QStringLiteral("-n.dot"), exportDot(d, m_catalog));
        QProcess p;
        p.start(test::findTool(QStringLiteral("neato")), {QStringLiteral("-n"), QStringLiteral("-Tplain"), dot});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        // plain: "node NAME X Y W H ..." in inches.
        std::map<QString, std::pair<double, double>> placed;
        for (const QByteArray &line : p.readAllStandardOutput().split('\n')) {
            const QList<QByteArray> f = line.split(' ');
            if (f.size() > 4 && f[0] == "node")
                placed[QString::fromUtf8(f[1]).remove(QLatin1Char('"'))] = {f[2].toDouble() * 72, f[3].toDouble() * 72};
        }
        QCOMPARE(placed.size(), d.nodes.size());
        const Node &first = d.nodes.front();
        const double dx = placed.at(QString::fromStdString(first.id)).first - first.x;
        const double dy = placed.at(QString::fromStdString(first.id)).second + first.y;
        for (const Node &n : d.nodes) {
            const auto [x, y] = placed.at(QString::fromStdString(n.id));
            // plain rounds to 1/100 inch.
            QVERIFY2(std::abs(x - n.x - dx) < 1 && std::abs(y + n.y - dy) < 1,
                     qPrintable(QStringLiteral("%1 at %2,%3, design %4,%5").arg(QString::fromStdString(n.id)).arg(x).arg(y).arg(n.x).arg(n.y)));
        }
    }
};

CPLAN_TEST_MAIN(TestGraphExport)
#include "tst_graphexport.moc"
