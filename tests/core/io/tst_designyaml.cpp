// Design files: every sample round-trips byte for byte and validates; malformed files give
// their specific message with file and line.
#include "catalog/catalog.h"
#include "cost/pricing.h"
#include "io/designyaml.h"
#include "util/atomicfile.h"
#include "validate/validate.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace cplan;
namespace fs = std::filesystem;

class TestDesignYaml : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

private slots:
    void initTestCase()
    {
        m_catalog = test::builtinCatalog();
    }

    void samplesRoundTrip_data()
    {
        QTest::addColumn<QString>("path");
        const std::vector<std::string> files = test::sampleFiles();
        QVERIFY(files.size() >= 6);
        for (const auto &f : files)
            QTest::newRow(fs::path(f).filename().c_str()) << QString::fromStdString(f);
    }

    void samplesRoundTrip()
    {
        QFETCH(QString, path);
        const std::string file = path.toStdString();
        auto text = readFile(file);
        QVERIFY(text.ok());
        auto design = parseDesign(*text, file, &m_catalog);
        QVERIFY2(design.ok(), design.ok() ? "" : design.error().toString().c_str());
        QVERIFY(serializeDesign(*design) == *text);
        for (const Finding &f : validateDesign(*design, m_catalog))
            QVERIFY2(f.severity != Severity::Error, (file + ": " + f.message).c_str());
    }

    void malformed_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("expected");
        std::ifstream in(std::string(CPLAN_TEST_DATA) + "/design-malformed/expected.txt");
        std::string row;
        int count = 0;
        while (std::getline(in, row)) {
            if (row.empty() || row[0] == '#')
                continue;
            const auto a = row.find('|'), b = row.find('|', a + 1);
            const std::string file = row.substr(0, a);
            QTest::newRow(file.c_str()) << QString::fromStdString(file) << std::stoi(row.substr(a + 1, b - a - 1))
                                        << QString::fromStdString(row.substr(b + 1));
            ++count;
        }
        QVERIFY(count >= 9);
    }

    void malformed()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, expected);
        const std::string path = std::string(CPLAN_TEST_DATA) + "/design-malformed/" + file.toStdString();
        auto design = loadDesign(path, &m_catalog);
        QVERIFY(!design.ok());
        const Error &e = design.error();
        QCOMPARE(QString::fromStdString(e.file), QString::fromStdString(path));
        QCOMPARE(e.line, line);
        QVERIFY2(e.message.find(expected.toStdString()) != std::string::npos, e.message.c_str());
        QVERIFY(e.toString().rfind(path + ":" + std::to_string(line), 0) == 0);
    }

    // Saving is atomic and keeps the old file when the target folder is not writable.
    void atomicSave()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("d.cluster.yaml")).toStdString();
        Design d;
        d.name = "first";
        QVERIFY(saveDesign(d, path).ok());
        d.name = "second";
        QVERIFY(saveDesign(d, path).ok());
        auto back = loadDesign(path, &m_catalog);
        QVERIFY(back.ok());
        QCOMPARE(back->name, std::string("second"));
        QVERIFY(!saveDesign(d, "/nonexistent-dir/x.cluster.yaml").ok());
        // No temporary files left behind.
        int files = 0;
        for (const auto &e : fs::directory_iterator(dir.path().toStdString()))
            files += e.is_regular_file();
        QCOMPARE(files, 1);
    }

    // An oversized file is refused from its size, before anything is read.
    void oversizedFileRefused()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("huge.cluster.yaml")).toStdString();
        {
            std::ofstream out(path);
            out << "format: cluster-planner/1\n";
        }
        std::filesystem::resize_file(path, std::uintmax_t(3) << 30); // sparse 3 GiB
        auto text = readFile(path);
        QVERIFY(!text.ok());
        QVERIFY2(text.error().message.find("larger than the limit") != std::string::npos, text.error().message.c_str());
        QVERIFY(!loadDesign(path, &m_catalog).ok());
    }

    // The design's MTU and a node's own survive a round trip, in format 4; a design that states
    // none is written as before (no key, the older format).
    void mtuRoundTrip()
    {
        const std::string text = "format: cluster-planner/4\nname: jumbo\nsettings:\n  mtu: 9000\n"
                                 "nodes:\n"
                                 "  - {id: leaf1, part: sn5600, role: switch, tier: 1, x: 0, y: 0, mtu: 9216}\n"
                                 "  - {id: leaf2, part: sn5600, role: switch, tier: 1, x: 0, y: 0}\n"
                                 "links: []\n";
        auto d = parseDesign(text, "mtu", &m_catalog);
        QVERIFY2(d.ok(), d.ok() ? "" : d.error().toString().c_str());
        QCOMPARE(d->settings.mtu, std::optional<int>(9000));
        QCOMPARE(d->nodes[0].mtu, std::optional<int>(9216));
        QVERIFY(!d->nodes[1].mtu);
        QCOMPARE(configuredMtu(*d, d->nodes[0]), std::optional<int>(9216));
        QCOMPARE(configuredMtu(*d, d->nodes[1]), std::optional<int>(9000));
        const std::string saved = serializeDesign(*d);
        QVERIFY2(saved.rfind("format: cluster-planner/4\n", 0) == 0, saved.c_str());
        QVERIFY2(saved.find("\n  mtu: 9000\n") != std::string::npos, saved.c_str());
        QVERIFY2(saved.find("tier: 1, x: 0, y: 0, mtu: 9216}") != std::string::npos, saved.c_str());
        auto again = parseDesign(saved, "saved", &m_catalog);
        QVERIFY2(again.ok(), again.ok() ? "" : again.error().toString().c_str());
        QVERIFY(again->settings == d->settings);
        QCOMPARE(again->nodes[0].mtu, d->nodes[0].mtu);
        QCOMPARE(serializeDesign(*again), saved);

        d->settings.mtu.reset();
        QVERIFY(serializeDesign(*d).rfind("format: cluster-planner/4\n", 0) == 0);   // the node's MTU still needs 4
        d->nodes[0].mtu.reset();
        const std::string plain = serializeDesign(*d);
        QVERIFY2(plain.rfind("format: cluster-planner/1\n", 0) == 0 && plain.find("mtu:") == std::string::npos, plain.c_str());
    }

    // Names and notes with YAML-special characters survive.
    // The quote's terms (File > Design settings) are saved with the design, and only when set.
    void quoteTermsRoundTrip()
    {
        Design d;
        d.name = "terms";
        QVERIFY(serializeDesign(d).find("spares_percent") == std::string::npos);
        d.settings.sparesPercent = 12.5;
        d.settings.discountPercent = 8;
        const std::string text = serializeDesign(d);
        QVERIFY(text.find("spares_percent: 12.5") != std::string::npos);
        auto back = parseDesign(text, "mem", &m_catalog);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QVERIFY(back->settings == d.settings);
        QCOMPARE(designTerms(back->settings).discountPercent, 8.0);
    }

    // SHARP off is written (on is the default, not written); a routing engine's alias is stored
    // by its one name.
    void sharpAndEngineRoundTrip()
    {
        Design d;
        d.name = "sharp";
        QVERIFY(serializeDesign(d).find("  sharp:") == std::string::npos);
        d.settings.sharp = false;
        d.settings.routingEngine = "updown";
        auto back = parseDesign(serializeDesign(d), "mem", &m_catalog);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QVERIFY(back->settings == d.settings);
        auto alias = parseDesign("format: cluster-planner/1\nname: a\nsettings:\n  routing_engine: updn\n", "mem", &m_catalog);
        QVERIFY2(alias.ok(), alias.ok() ? "" : alias.error().toString().c_str());
        QCOMPARE(alias->settings.routingEngine, std::string("updown"));
    }

    void specialCharacters()
    {
        Design d;
        d.name = "a: b # c \"quoted\" 'single' - [x]";
        d.notes = "line one\nline two: with colon\n";
        Node n;
        n.id = "sw-1";
        n.part = "qm9700";
        n.role = NodeRole::Switch;
        n.name = "Switch #1: core";
        d.addNode(n);
        const std::string text = serializeDesign(d);
        auto back = parseDesign(text, "mem", &m_catalog);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QCOMPARE(back->name, d.name);
        QCOMPARE(back->notes, d.notes);
        QCOMPARE(back->nodes[0].name, n.name);
        QVERIFY(serializeDesign(*back) == text);
    }

    // Regression (ibnetdiscover fuzzing): a part a design carries (an imported switch whose model
    // came from a node description) went through yaml-cpp's emitter, which writes DEL, LS and PS
    // raw; the saved design did not open again.
    void unusualCharactersInCarriedParts()
    {
        Part p = *m_catalog.find("qm9700");
        p.id = "imported-switch-odd-characters";
        p.imported = true;
        p.model = "SX6012\x7f ls\xe2\x80\xa8 ps\xe2\x80\xa9 \xe4\xb8\xad";
        p.description = "del\x7f\x7f end";
        Design d;
        d.parts.push_back(p);
        const std::string text = serializeDesign(d);
        Catalog catalog = m_catalog;
        auto back = parseDesign(text, "mem", &catalog);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QCOMPARE(back->parts.size(), std::size_t(1));
        QCOMPARE(back->parts[0].model, p.model);
        QCOMPARE(back->parts[0].description, p.description);
        QVERIFY(serializeDesign(*back) == text);
    }

    // Regression (fuzzing, round-trip oracle): characters YAML folds or refuses raw (form feed,
    // DEL, NEL, C1 controls, line and paragraph separators, byte order mark) were written as they
    // are, and a name starting with '@' was written plain, so save -> load failed or gave another
    // string.
    void unusualCharactersRoundTrip()
    {
        Design d;
        d.name = "form\ffeed del\x7f nel\xc2\x85 c1\xc2\x9b ls\xe2\x80\xa8 ps\xe2\x80\xa9 bom\xef\xbb\xbf \xe4\xb8\xad\xe6\x96\x87 end";
        d.notes = "tab\tand\rreturn\n\x01";
        const std::string text = serializeDesign(d);
        auto back = parseDesign(text, "mem", &m_catalog);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QCOMPARE(back->name, d.name);
        QCOMPARE(back->notes, d.notes);
        QVERIFY(serializeDesign(*back) == text);
        // A plain scalar cannot start with '@' (reserved in YAML).
        d.name = "@@@@l (eams";
        auto at = parseDesign(serializeDesign(d), "at", &m_catalog);
        QVERIFY2(at.ok(), at.ok() ? "" : at.error().toString().c_str());
        QCOMPARE(at->name, d.name);
        // The workloads section is kept as it is, whatever its shape: a scalar, empty lists and maps.
        for (const char *workloads : {"workloads:\n  !tag: USDt\n", "workloads: just text\n",
                                      "workloads:\n  a: []\n  b: {}\n  c:\n    - {}\n    - []\n"}) {
            const std::string file = std::string("format: cluster-planner/1\nname: w\n") + workloads;
            auto w = parseDesign(file, "w", &m_catalog);
            QVERIFY2(w.ok(), w.ok() ? "" : w.error().toString().c_str());
            const std::string saved = serializeDesign(*w);
            auto again = parseDesign(saved, "w-saved", &m_catalog);
            QVERIFY2(again.ok(), (saved + (again.ok() ? std::string() : again.error().toString())).c_str());
            QVERIFY(serializeDesign(*again) == saved);
        }
        // The fuzzer's own input: a double-quoted name with \f and \P escapes.
        const std::string found = "format: cluster-planner/1\nname: \"25&6 x \\fou(~p: tatp\\format: Yl: ta$tp\\form\\flinkfma#f\\fma \\Pfeams\"\n";
        auto first = parseDesign(found, "found", &m_catalog);
        QVERIFY2(first.ok(), first.ok() ? "" : first.error().toString().c_str());
        const std::string saved = serializeDesign(*first);
        auto again = parseDesign(saved, "saved", &m_catalog);
        QVERIFY2(again.ok(), again.ok() ? "" : again.error().toString().c_str());
        QCOMPARE(again->name, first->name);
        QVERIFY(serializeDesign(*again) == saved);
        // U+FFFE and U+FFFF are valid UTF-8 that YAML refuses raw: an ibnetdiscover dump with one
        // in a node description imported and saved a file that did not open (the fuzz harness).
        Design nonchars;
        nonchars.name = "fabric \xef\xbf\xbe one \xef\xbf\xbf";
        Node gpu;
        gpu.id = "gpu01";
        gpu.part = "dgx-h100";
        gpu.name = "gpu01 HCA-1\xef\xbf\xbf";
        nonchars.addNode(gpu);
        const std::string escaped = serializeDesign(nonchars);
        QVERIFY2(escaped.find("\\uFFFE") != std::string::npos && escaped.find("\\uFFFF") != std::string::npos, escaped.c_str());
        auto read = parseDesign(escaped, "nonchars", &m_catalog);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        QCOMPARE(read->name, nonchars.name);
        QCOMPARE(read->nodes.front().name, nonchars.nodes.front().name);
        QCOMPARE(serializeDesign(*read), escaped);
    }

    // Racks and U positions (format 2) survive a round trip; a design without them is still
    // written as format 1, so older files save byte for byte as they were.
    void physicalFieldsAndFormat()
    {
        const std::string text = "format: cluster-planner/2\nname: racks\n"
                                 "racks:\n"
                                 "  - {id: r1, part: rack-42u, name: Rack one, room: hall A, row: A, x_m: 0.3, y_m: 2.4, "
                                 "power_budget_w: 40000, cooling_w: 42000, weight_limit_kg: 1200}\n"
                                 "  - {id: r2}\n"
                                 "nodes:\n"
                                 "  - {id: gpu1, part: dgx-h100, role: server, tier: 0, x: 0, y: 0, rack: r1, u: 1}\n"
                                 "  - {id: gpu2, part: dgx-h100, role: server, tier: 0, x: 0, y: 0, rack: r2}\n"
                                 "links: []\n";
        auto d = parseDesign(text, "racks", &m_catalog);
        QVERIFY2(d.ok(), d.ok() ? "" : d.error().toString().c_str());
        QCOMPARE(d->racks.size(), std::size_t(2));
        const Rack &r1 = d->racks[0];
        QCOMPARE(r1.room, std::string("hall A"));
        QCOMPARE(*r1.xM, 0.3);
        QCOMPARE(*r1.weightLimitKg, 1200.0);
        QVERIFY(!d->racks[1].xM && !d->racks[1].powerBudgetW);
        QCOMPARE(*d->nodes[0].u, 1);
        QVERIFY(!d->nodes[1].u);
        const std::string saved = serializeDesign(*d);
        QVERIFY(saved.rfind("format: cluster-planner/2\n", 0) == 0);
        for (const char *line : {"  - {id: r1, part: rack-42u, name: Rack one, room: hall A, row: A, x_m: 0.3, y_m: 2.4, "
                                 "power_budget_w: 40000, cooling_w: 42000, weight_limit_kg: 1200}\n",
                                 "  - {id: r2}\n", "rack: r1, u: 1}\n", "rack: r2}\n"})
            QVERIFY2(saved.find(line) != std::string::npos, saved.c_str());
        auto again = parseDesign(saved, "saved", &m_catalog);
        QVERIFY(again.ok());
        QCOMPARE(serializeDesign(*again), saved);

        d->racks.clear();
        for (Node &n : d->nodes)
            n.u.reset();
        QVERIFY(serializeDesign(*d).rfind("format: cluster-planner/1\n", 0) == 0);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestDesignYaml)
#include "tst_designyaml.moc"
