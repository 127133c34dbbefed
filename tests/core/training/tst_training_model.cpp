// Model files: every built-in model loads and has the size its source states; malformed files
// fail with the file, line and what is wrong.
#include "fixtures.h"
#include "testmain.h"
#include "training/model.h"

#include <QtTest>

using namespace cplan;
using namespace cplan::training;
using cplan::test::testDataPath;

class TestTrainingModel : public QObject
{
    Q_OBJECT

private slots:
    void builtinSizes_data();
    void builtinSizes();
    void everyBuiltinHasASource();
    void narayananFormula();
    void malformed_data();
    void malformed();
    void unknownIdListsTheBuiltins();
};

// Parameters as the model's own source gives them (billions), within 2 %.
void TestTrainingModel::builtinSizes_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("total");
    QTest::addColumn<double>("active");
    QTest::newRow("llama3-8b") << "llama3-8b" << 8.03 << 8.03;         // model card: 8.03B
    QTest::newRow("llama3-70b") << "llama3-70b" << 70.6 << 70.6;       // model card: 70.6B
    QTest::newRow("llama3.1-405b") << "llama3.1-405b" << 405.9 << 405.9; // model card: 405.85B
    QTest::newRow("gpt3-175b") << "gpt3-175b" << 174.6 << 174.6;       // Brown et al. Table 2.1: 175.0B
    QTest::newRow("mixtral-8x7b") << "mixtral-8x7b" << 46.7 << 12.9;   // Jiang et al.: 47B, 13B active
    // DeepSeek-V3: 671B total, 37B active (arXiv:2412.19437); MLA modelled as MHA adds ~17B.
    QTest::newRow("deepseek-v3") << "deepseek-v3" << 688.0 << 54.0;
}

void TestTrainingModel::builtinSizes()
{
    QFETCH(QString, id);
    QFETCH(double, total);
    QFETCH(double, active);
    auto m = findModel(id.toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().toString().c_str());
    const ModelSize s = modelSize(*m);
    QVERIFY2(std::abs(s.total / 1e9 - total) <= 0.02 * total, qPrintable(QString::number(s.total / 1e9)));
    QVERIFY2(std::abs(s.active / 1e9 - active) <= 0.02 * active, qPrintable(QString::number(s.active / 1e9)));
}

void TestTrainingModel::everyBuiltinHasASource()
{
    const auto ids = builtinModelIds();
    for (const char *id : {"llama3-8b", "llama3-70b", "llama3.1-405b", "gpt3-175b", "mixtral-8x7b", "deepseek-v3"})
        QVERIFY2(std::find(ids.begin(), ids.end(), id) != ids.end(), id);
    for (const std::string &id : ids) {
        auto m = findModel(id);
        QVERIFY2(m.ok(), id.c_str());
        QCOMPARE(m->id, id);
        QVERIFY2(!m->sources.empty(), id.c_str());
        QVERIFY(m->sources.front().find("arXiv") != std::string::npos || m->sources.front().find("https://") != std::string::npos);
    }
}

// Narayanan et al. 2021 §3.5: F = 96 B s l h^2 (1 + s/6h + V/16lh) with full recomputation, i.e.
// 72 B s l h^2 (1 + s/6h) + 6 B s h V without it: our model FLOPs for a GPT are theirs.
void TestTrainingModel::narayananFormula()
{
    auto m = loadModelFile(testDataPath("training/gpt-175b-megatron.yaml"));
    QVERIFY(m.ok());
    const double s = 2048, l = 96, h = 12288, V = 51200;
    const double theirs = 72.0 * s * l * h * h * (1 + s / (6 * h)) + 6.0 * s * h * V;
    const double ours = trainingFlopsPerToken(*m, 2048) * s;
    QVERIFY2(std::abs(ours - theirs) <= 1e-9 * theirs, qPrintable(QStringLiteral("%1 vs %2").arg(ours).arg(theirs)));
}

void TestTrainingModel::malformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("kv heads") << "kv-heads.yaml" << 7 << "'kv_heads' (3) must divide 'heads' (4)";
    QTest::newRow("unknown key") << "unknown-key.yaml" << 9 << "unknown key 'width'";
    QTest::newRow("not a number") << "not-a-number.yaml" << 3 << "'layers' must be a whole number, got 'two'";
    QTest::newRow("missing seq") << "missing-seq.yaml" << 1 << "missing key 'seq_len'";
    QTest::newRow("top k") << "top-k.yaml" << 10 << "'experts_per_token' must be from 1 to 'experts' (8)";
    QTest::newRow("bad yaml") << "bad-yaml.yaml" << 4 << "end of sequence flow not found";
    QTest::newRow("format") << "format.yaml" << 1 << "unknown format 'cluster-planner-model/2' (expected cluster-planner-model/1)";
    QTest::newRow("negative") << "negative.yaml" << 8 << "'seq_len' must be from 1 to 100000000, got -5";
}

void TestTrainingModel::malformed()
{
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, message);
    const std::string path = testDataPath("training/malformed/" + file.toStdString());
    auto m = loadModelFile(path);
    QVERIFY(!m.ok());
    QCOMPARE(QString::fromStdString(m.error().file), QString::fromStdString(path));
    QCOMPARE(m.error().line, line);
    QCOMPARE(QString::fromStdString(m.error().message), message);
}

void TestTrainingModel::unknownIdListsTheBuiltins()
{
    auto m = findModel("llama9");
    QVERIFY(!m.ok());
    QVERIFY(m.error().message.find("llama3-70b") != std::string::npos);
}

CPLAN_TEST_APPLESS_MAIN(TestTrainingModel)
#include "tst_training_model.moc"
