// Golden cases of the design-rule check: a folder per case under tests/data/validate, each a
// design that plants one problem (design.cluster.yaml) and the findings expected of it
// (expected.txt, one "severity code [objects] message" per line). The parts come from the
// cases' own catalog (tests/data/validate/catalog.yaml). Every rule code the validator knows
// (validate/rules.h) must have a case, so a new rule without one fails here.
#include "catalog/catalog.h"
#include "io/designyaml.h"
#include "util/atomicfile.h"
#include "validate/rules.h"
#include "validate/validate.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

using namespace cplan;
namespace fs = std::filesystem;

namespace {

const fs::path kCases = test::testDataPath("validate");

std::string render(const Finding &f)
{
    std::string objects;
    for (const std::string &o : f.objects)
        objects += (objects.empty() ? "" : ", ") + o;
    return std::string(toString(f.severity)) + " " + f.code + " [" + objects + "] " + f.message;
}

QStringList expectedLines(const fs::path &folder)
{
    auto text = readFile((folder / "expected.txt").string());
    if (!text)
        return {QStringLiteral("cannot read expected.txt")};
    QStringList lines;
    std::istringstream in(*text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#')
            lines << QString::fromStdString(line);
    return lines;
}

std::vector<fs::path> caseFolders()
{
    std::vector<fs::path> folders;
    for (const auto &e : fs::directory_iterator(kCases))
        if (e.is_directory())
            folders.push_back(e.path());
    std::sort(folders.begin(), folders.end());
    return folders;
}

// A case's design, read with or without the catalog.
Result<Design> parseCase(const fs::path &folder, const Catalog *catalog)
{
    const std::string file = (folder / "design.cluster.yaml").string();
    auto text = readFile(file);
    if (!text)
        return text.error();
    return parseDesign(*text, file, catalog);
}

// The code of an expected line: its second word.
QString codeOf(const QString &line)
{
    return line.section(QLatin1Char(' '), 1, 1);
}

} // namespace

class TestValidate : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

private slots:
    void initTestCase()
    {
        const std::string path = (kCases / "catalog.yaml").string();
        auto text = readFile(path);
        QVERIFY(text.ok());
        auto st = m_catalog.loadYaml(*text, path);
        QVERIFY2(st.ok(), st.ok() ? "" : st.error().toString().c_str());
    }

    void golden_data()
    {
        QTest::addColumn<QString>("folder");
        const auto folders = caseFolders();
        QVERIFY(folders.size() >= std::size_t(kRuleCount));
        for (const fs::path &f : folders)
            QTest::newRow(f.filename().c_str()) << QString::fromStdString(f.string());
    }

    // The design as written (read without the catalog, so that rule breaches reach the
    // validator) gives exactly the expected findings, in order.
    void golden()
    {
        QFETCH(QString, folder);
        const fs::path dir(folder.toStdString());
        auto design = parseCase(dir, nullptr);
        QVERIFY2(design.ok(), design.ok() ? "" : design.error().toString().c_str());
        QStringList actual;
        for (const Finding &f : validateDesign(*design, m_catalog))
            actual << QString::fromStdString(render(f));
        QCOMPARE(actual.join(QLatin1Char('\n')), expectedLines(dir).join(QLatin1Char('\n')));
    }

    // Loading with the catalog applies the same rules: a design whose problem the parser
    // refuses is refused with the very message the validator gives, at a line of the file.
    void parserAgrees_data() { golden_data(); }
    void parserAgrees()
    {
        QFETCH(QString, folder);
        const fs::path dir(folder.toStdString());
        auto design = parseCase(dir, &m_catalog);
        if (design.ok())
            return;
        QVERIFY(design.error().line > 0);
        const QString message = QString::fromStdString(design.error().message);
        bool found = false;
        for (const QString &line : expectedLines(dir))
            found = found || (line.startsWith(QLatin1String("error ")) && line.endsWith(QLatin1String("] ") + message));
        QVERIFY2(found, qPrintable(QStringLiteral("the parser says '%1', which no expected error says").arg(message)));
    }

    void everyRuleHasACase()
    {
        std::set<QString> covered;
        for (const fs::path &f : caseFolders())
            for (const QString &line : expectedLines(f)) {
                const QString code = codeOf(line);
                QVERIFY2(ruleFromCode(code.toStdString()),
                         qPrintable(QString::fromStdString(f.filename().string()) + QStringLiteral(": unknown code ") + code));
                covered.insert(code);
            }
        for (int i = 0; i < kRuleCount; ++i) {
            const QString code = QString::fromLatin1(ruleCode(Rule(i)));
            QVERIFY2(covered.count(code), qPrintable(QStringLiteral("rule '%1' has no golden case in tests/data/validate").arg(code)));
        }
    }
};

CPLAN_TEST_APPLESS_MAIN(TestValidate)
#include "tst_validate.moc"
