#include "training/model.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace cplan::training {

namespace {

struct ParseFailure
{
    Error error;
};

int markLine(const YAML::Mark &m) { return m.line >= 0 ? m.line + 1 : 0; }
int markColumn(const YAML::Mark &m) { return m.column >= 0 ? m.column + 1 : 0; }

// The largest figure any key may take: far above real models (DeepSeek-V3 has 256 experts, a
// vocabulary of 129,280; Llama 3.1 405B 126 layers, hidden 16,384, FFN 53,248), low enough that
// products of them stay exact in a double.
constexpr long long kMaxDimension = 10'000'000;
constexpr long long kMaxSeq = 100'000'000;

class Reader
{
public:
    explicit Reader(std::string file) : m_file(std::move(file)) {}

    [[noreturn]] void fail(const YAML::Node &at, const std::string &message) const
    {
        throw ParseFailure{makeError(m_file, markLine(at.Mark()), markColumn(at.Mark()), message)};
    }

    int integer(const YAML::Node &v, const std::string &key, long long lo, long long hi) const
    {
        if (!v.IsScalar())
            fail(v, "'" + key + "' must be a whole number");
        const std::string &s = v.Scalar();
        long long n = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
        if (ec != std::errc() || end != s.data() + s.size())
            fail(v, "'" + key + "' must be a whole number, got '" + s + "'");
        if (n < lo || n > hi)
            fail(v, "'" + key + "' must be from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " + s);
        return int(n);
    }

    std::string text(const YAML::Node &v, const std::string &key) const
    {
        if (!v.IsScalar())
            fail(v, "'" + key + "' must be text");
        return v.Scalar();
    }

    bool flag(const YAML::Node &v, const std::string &key) const
    {
        const std::string s = text(v, key);
        if (s == "true")
            return true;
        if (s == "false")
            return false;
        fail(v, "'" + key + "' must be true or false, got '" + s + "'");
    }

    Model read(const YAML::Node &root) const;

private:
    void readKey(const std::string &key, const YAML::Node &v, Model &m) const;
    void check(const YAML::Node &root, const Model &m, const std::map<std::string, YAML::Node> &seen) const;
    std::string m_file;
};

void Reader::readKey(const std::string &key, const YAML::Node &v, Model &m) const
{
    struct IntKey
    {
        const char *key;
        int Model::*field;
        long long lo, hi;
    };
    static const IntKey ints[] = {
        {"layers", &Model::layers, 1, 100'000},      {"hidden", &Model::hidden, 1, kMaxDimension},
        {"ffn", &Model::ffn, 1, kMaxDimension},      {"heads", &Model::heads, 1, 100'000},
        {"kv_heads", &Model::kvHeads, 1, 100'000},   {"head_dim", &Model::headDim, 1, 100'000},
        {"vocab", &Model::vocab, 1, kMaxDimension},  {"seq_len", &Model::seqLen, 1, kMaxSeq},
        {"experts", &Model::experts, 0, 100'000},    {"experts_per_token", &Model::expertsPerToken, 0, 100'000},
        {"expert_ffn", &Model::expertFfn, 0, kMaxDimension}, {"shared_experts", &Model::sharedExperts, 0, 1'000},
        {"dense_layers", &Model::denseLayers, 0, 100'000},
    };
    for (const IntKey &k : ints)
        if (key == k.key) {
            m.*k.field = integer(v, key, k.lo, k.hi);
            return;
        }
    if (key == "format") {
        if (text(v, key) != kModelFormat)
            fail(v, "unknown format '" + v.Scalar() + "' (expected " + kModelFormat + ")");
    } else if (key == "id") {
        m.id = text(v, key);
    } else if (key == "name") {
        m.name = text(v, key);
    } else if (key == "mlp") {
        const std::string s = text(v, key);
        if (s != "swiglu" && s != "gelu")
            fail(v, "'mlp' must be swiglu or gelu, got '" + s + "'");
        m.gatedMlp = s == "swiglu";
    } else if (key == "tied_embeddings") {
        m.tiedEmbeddings = flag(v, key);
    } else if (key == "dropout") {
        m.dropout = flag(v, key);
    } else if (key == "sources") {
        if (!v.IsSequence())
            fail(v, "'sources' must be a list of texts");
        for (const auto &s : v)
            m.sources.push_back(text(s, "sources"));
    } else {
        fail(v, "unknown key '" + key + "'");
    }
}

void Reader::check(const YAML::Node &root, const Model &m, const std::map<std::string, YAML::Node> &seen) const
{
    // A rule between keys points at the second key's line (or the map's, when it is missing).
    auto at = [&](const char *key) -> const YAML::Node & {
        auto it = seen.find(key);
        return it != seen.end() ? it->second : root;
    };
    for (const char *key : {"id", "layers", "hidden", "ffn", "heads", "vocab", "seq_len"})
        if (!seen.count(key))
            fail(root, std::string("missing key '") + key + "'");
    if (m.kvHeads > m.heads || m.heads % m.kvHeads != 0)
        fail(at("kv_heads"), "'kv_heads' (" + std::to_string(m.kvHeads) + ") must divide 'heads' (" + std::to_string(m.heads) + ")");
    if (m.headDim == 0 && m.hidden % m.heads != 0)
        fail(at("hidden"), "'hidden' must be a multiple of 'heads' (or give 'head_dim')");
    if (m.moe()) {
        if (m.expertsPerToken < 1 || m.expertsPerToken > m.experts)
            fail(at("experts_per_token"), "'experts_per_token' must be from 1 to 'experts' (" + std::to_string(m.experts) + ")");
        if (m.expertFfn < 1)
            fail(at("experts"), "a mixture-of-experts model needs 'expert_ffn'");
        if (m.denseLayers >= m.layers)
            fail(at("dense_layers"), "'dense_layers' must be fewer than 'layers'");
    } else if (m.expertsPerToken > 0 || m.expertFfn > 0 || m.sharedExperts > 0 || m.denseLayers > 0) {
        fail(root, "expert keys (experts_per_token, expert_ffn, shared_experts, dense_layers) without 'experts'");
    }
}

Model Reader::read(const YAML::Node &root) const
{
    if (!root.IsMap())
        fail(root, "a model file must be a map of keys (format, id, layers, hidden, ...)");
    Model m;
    std::map<std::string, YAML::Node> seen;
    for (const auto &entry : root) {
        const YAML::Node &k = entry.first;
        if (!k.IsScalar())
            fail(k, "a key must be text");
        const std::string key = k.Scalar();
        if (!seen.emplace(key, entry.second).second)
            fail(k, "key '" + key + "' given twice");
        readKey(key, entry.second, m);
    }
    if (!seen.count("format"))
        fail(root, std::string("missing 'format: ") + kModelFormat + "'");
    if (!seen.count("kv_heads"))
        m.kvHeads = m.heads;
    check(root, m, seen);
    if (m.name.empty())
        m.name = m.id;
    return m;
}

std::string sourceTreeModels()
{
#ifdef CPLAN_BUILTIN_MODELS_DIR
    return CPLAN_BUILTIN_MODELS_DIR;
#else
    return "resources/models";
#endif
}

} // namespace

ModelSize modelSize(const Model &m)
{
    ModelSize s;
    const double h = m.hidden, qDim = double(m.heads) * m.headDimension(), kvDim = double(m.kvHeads) * m.headDimension();
    const double matrices = m.gatedMlp ? 3.0 : 2.0;
    s.attention = h * qDim + 2.0 * h * kvDim + qDim * h;
    s.denseMlp = matrices * h * m.ffn;
    s.expertMlp = matrices * h * m.expertFfn;
    s.router = m.moe() ? h * m.experts : 0.0;
    s.embedding = double(m.vocab) * h * (m.tiedEmbeddings ? 1.0 : 2.0);
    const int dense = m.layers - m.moeLayers();
    const double moeShared = s.router + m.sharedExperts * s.expertMlp;
    s.expertTotal = double(m.moeLayers()) * m.experts * s.expertMlp;
    s.total = m.layers * s.attention + dense * s.denseMlp + m.moeLayers() * moeShared + s.expertTotal + s.embedding;
    s.active = m.layers * s.attention + dense * s.denseMlp +
               m.moeLayers() * (moeShared + m.expertsPerToken * s.expertMlp) + s.embedding;
    return s;
}

ForwardFlops forwardFlops(const Model &m, int seq)
{
    const ModelSize p = modelSize(m);
    ForwardFlops f;
    const double s = seq, qDim = double(m.heads) * m.headDimension();
    f.attentionCore = 2.0 * 2.0 * s * s * qDim;   // QK^T and scores x V
    const double attention = 2.0 * s * p.attention + f.attentionCore;
    f.denseLayer = attention + 2.0 * s * p.denseMlp;
    f.moeLayer = attention + 2.0 * s * (p.router + (m.sharedExperts + m.expertsPerToken) * p.expertMlp);
    f.logits = 2.0 * s * m.hidden * double(m.vocab);
    f.total = (m.layers - m.moeLayers()) * f.denseLayer + m.moeLayers() * f.moeLayer + f.logits;
    return f;
}

double trainingFlopsPerToken(const Model &m, int seq)
{
    return 3.0 * forwardFlops(m, seq).total / seq;
}

Result<Model> parseModel(std::string_view text, const std::string &file)
{
    try {
        const YAML::Node root = YAML::Load(std::string(text));
        return Reader(file).read(root);
    } catch (const ParseFailure &f) {
        return f.error;
    } catch (const YAML::Exception &e) {
        return makeError(file, markLine(e.mark), markColumn(e.mark), e.msg);
    }
}

Result<Model> loadModelFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return makeError(path, 0, 0, "cannot read the model file");
    std::ostringstream ss;
    ss << in.rdbuf();
    return parseModel(ss.str(), path);
}

std::string builtinModelsDirectory()
{
    if (const char *env = std::getenv("CPLAN_MODELS_DIR"); env && *env)
        return env;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path() / ".." / "share" / "cluster-planner" / "models";
        if (fs::is_directory(installed, ec))
            return fs::weakly_canonical(installed, ec).string();
    }
    return sourceTreeModels();
}

std::vector<std::string> builtinModelIds()
{
    std::vector<std::string> ids;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator(builtinModelsDirectory(), ec))
        if (e.path().extension() == ".yaml")
            ids.push_back(e.path().stem().string());
    std::sort(ids.begin(), ids.end());
    return ids;
}

Result<Model> findModel(const std::string &idOrPath)
{
    const bool isPath = idOrPath.find('/') != std::string::npos ||
                        (idOrPath.size() > 5 && idOrPath.compare(idOrPath.size() - 5, 5, ".yaml") == 0);
    if (isPath)
        return loadModelFile(idOrPath);
    const fs::path file = fs::path(builtinModelsDirectory()) / (idOrPath + ".yaml");
    std::error_code ec;
    if (!fs::exists(file, ec)) {
        std::string known;
        for (const std::string &id : builtinModelIds())
            known += (known.empty() ? "" : ", ") + id;
        return makeError("", 0, 0, "unknown model '" + idOrPath + "' (built in: " + known + "; or a FILE.yaml)");
    }
    return loadModelFile(file.string());
}

std::optional<double> parseTokenCount(const std::string &text)
{
    if (text.empty())
        return std::nullopt;
    double scale = 1;
    std::string digits = text;
    switch (text.back()) {
    case 'K': case 'k': scale = 1e3; break;
    case 'M': case 'm': scale = 1e6; break;
    case 'B': case 'b': case 'G': case 'g': scale = 1e9; break;
    case 'T': case 't': scale = 1e12; break;
    default: break;
    }
    if (scale != 1)
        digits.pop_back();
    try {
        std::size_t used = 0;
        const double v = std::stod(digits, &used);
        if (used != digits.size() || !std::isfinite(v) || v <= 0)
            return std::nullopt;
        return v * scale;
    } catch (const std::exception &) {
        return std::nullopt;
    }
}

} // namespace cplan::training
