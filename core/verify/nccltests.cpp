#include "verify/nccltests.h"

#include "util/atomicfile.h"
#include "util/strings.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace cplan {

namespace {

constexpr std::size_t kMaxRows = 1'000'000;

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string_view baseName(std::string_view path)
{
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// A whitespace-separated field and its 1-based column in the line.
struct Token
{
    std::string_view text;
    int column = 0;
};

std::vector<Token> tokenize(std::string_view line, std::size_t from = 0)
{
    std::vector<Token> out;
    std::size_t i = from;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start)
            out.push_back({line.substr(start, i - start), int(start + 1)});
    }
    return out;
}

// --- Launcher prefixes -----------------------------------------------------------------------

std::size_t digitsAt(std::string_view s, std::size_t i)
{
    std::size_t n = 0;
    while (i + n < s.size() && isDigit(s[i + n]))
        ++n;
    return n;
}

// kubectl logs --timestamps: "2026-02-16T10:00:01.000000000Z " (length with the space, or 0).
std::size_t timestampPrefix(std::string_view s)
{
    if (s.size() < 12 || digitsAt(s, 0) != 4 || s[4] != '-' || digitsAt(s, 5) != 2 || s[7] != '-' ||
        digitsAt(s, 8) != 2 || s[10] != 'T')
        return 0;
    const std::size_t space = s.find(' ', 11);
    return space == std::string_view::npos ? 0 : space + 1;
}

// Open MPI --tag-output "[1,0]<stdout>:" / "<stderr>:", Hydra -prepend-rank "[0]",
// srun --label "  0: ". Returns the tag's length (srun: with its leading blanks), or 0.
std::size_t rankPrefix(std::string_view s)
{
    if (!s.empty() && s[0] == '[') {
        std::size_t i = 1, n = digitsAt(s, i);
        if (n == 0)
            return 0;
        i += n;
        if (i < s.size() && s[i] == ']')
            return i + 1; // Hydra
        if (i >= s.size() || s[i] != ',' || (n = digitsAt(s, i + 1)) == 0)
            return 0;
        i += 1 + n;
        for (std::string_view tail : {std::string_view("]<stdout>:"), std::string_view("]<stderr>:")})
            if (s.substr(i, tail.size()) == tail)
                return i + tail.size();
        return 0;
    }
    std::size_t i = 0;
    while (i < s.size() && s[i] == ' ')
        ++i;
    const std::size_t n = digitsAt(s, i);
    if (n == 0 || i + n >= s.size() || s[i + n] != ':' || (i + n + 1 < s.size() && s[i + n + 1] != ' '))
        return 0;
    return i + n + 1;
}

// The line without launcher prefixes, blanked out so that columns still match the original.
// A rank tag that recurs inside the line (unbuffered launchers tag every write) is blanked too.
std::string_view stripPrefixes(std::string_view line, std::string &buffer)
{
    const std::size_t stamp = timestampPrefix(line);
    const std::size_t tag = rankPrefix(line.substr(stamp));
    if (stamp == 0 && tag == 0)
        return line;
    buffer.assign(line);
    std::fill(buffer.begin(), buffer.begin() + std::ptrdiff_t(stamp + tag), ' ');
    const std::string_view tagText = trim(line.substr(stamp, tag));
    if (tagText.size() > 2 && tagText.front() == '[') {
        for (std::size_t at = buffer.find(tagText, stamp + tag); at != std::string::npos;
             at = buffer.find(tagText, at + tagText.size()))
            std::fill(buffer.begin() + std::ptrdiff_t(at), buffer.begin() + std::ptrdiff_t(at + tagText.size()), ' ');
    }
    return buffer;
}

// --- The column header -----------------------------------------------------------------------

struct Layout
{
    int size = -1, count = -1, type = -1, redop = -1, root = -1;
    int time[2] = {-1, -1}, algbw[2] = {-1, -1}, busbw[2] = {-1, -1}, wrong[2] = {-1, -1};
    bool wrongIsCount[2] = {true, true};
    bool timestamp = false; // a trailing "timestamp" column: two more fields per row
    bool cpuTime = false;
    int columns = 0;        // fields per row, without the timestamp
    int line = 0;
    std::string names;      // "size count type ...", for messages
};

Status setColumn(int &slot, int index, const Token &t, const std::string &file, int line)
{
    if (slot >= 0)
        return makeError(file, line, t.column, "column '" + std::string(t.text) + "' appears twice in the column header");
    slot = index;
    return Ok{};
}

// tokens: the header line's fields after the '#'.
Result<Layout> parseHeader(const std::vector<Token> &tokens, const std::string &file, int line)
{
    Layout l;
    l.line = line;
    int side = -1; // 0 out-of-place, 1 in-place: the time column opens a side
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const Token &t = tokens[i];
        const std::string_view n = t.text;
        const int index = int(i);
        Status st = Ok{};
        if (n == "size")
            st = setColumn(l.size, index, t, file, line);
        else if (n == "count")
            st = setColumn(l.count, index, t, file, line);
        else if (n == "type")
            st = setColumn(l.type, index, t, file, line);
        else if (n == "redop")
            st = setColumn(l.redop, index, t, file, line);
        else if (n == "root")
            st = setColumn(l.root, index, t, file, line);
        else if (n == "time" || n == "cputime") {
            if (++side > 1)
                return makeError(file, line, t.column, "more than two time columns in the column header");
            l.time[side] = index;
            l.cpuTime = n == "cputime";
        } else if (n == "algbw" || n == "busbw" || n == "#wrong" || n == "error") {
            if (side < 0)
                return makeError(file, line, t.column, "column '" + std::string(n) + "' before any time column");
            int &slot = n == "algbw" ? l.algbw[side] : n == "busbw" ? l.busbw[side] : l.wrong[side];
            st = setColumn(slot, index, t, file, line);
            if (n == "error")
                l.wrongIsCount[side] = false;
        } else if (n == "timestamp" && i + 1 == tokens.size()) {
            l.timestamp = true;
            continue;
        } else if (n != "i_min" && n != "i_max" && n != "i_p99" && n != "i_cv%") {
            return makeError(file, line, t.column, "unknown column '" + std::string(n) + "' in the column header");
        }
        if (!st)
            return st.error();
        l.names += (l.names.empty() ? "" : " ") + std::string(n);
        ++l.columns;
    }
    const std::pair<const char *, int> required[] = {
        {"size", l.size},         {"count", l.count},       {"type", l.type},           {"time", l.time[0]},
        {"algbw", l.algbw[0]},    {"busbw", l.busbw[0]},    {"in-place time", l.time[1]},
        {"in-place algbw", l.algbw[1]}, {"in-place busbw", l.busbw[1]}};
    for (const auto &[name, index] : required)
        if (index < 0)
            return makeError(file, line, 0, std::string("the column header has no '") + name + "' column");
    return l;
}

// --- Data rows -------------------------------------------------------------------------------

struct RowReader
{
    const std::vector<Token> &tokens;
    const Layout &layout;
    const std::string &file;
    int line;

    const Token &at(int index) const { return tokens[std::size_t(index)]; }
    Error error(int index, const std::string &message) const { return makeError(file, line, at(index).column, message); }

    Result<std::uint64_t> whole(int index, const char *name) const
    {
        const Token &t = at(index);
        auto v = parseInt(t.text);
        if (!v)
            return error(index, std::string("'") + name + "' must be a whole number, got '" + std::string(t.text) + "'");
        if (*v < 0)
            return error(index, std::string("'") + name + "' must not be negative, got '" + std::string(t.text) + "'");
        return std::uint64_t(*v);
    }
    Result<double> number(int index, const char *name) const
    {
        const Token &t = at(index);
        auto v = parseDouble(t.text);
        if (!v)
            return error(index, std::string("'") + name + "' must be a number, got '" + std::string(t.text) + "'");
        if (*v < 0)
            return error(index, std::string("'") + name + "' must not be negative, got '" + std::string(t.text) + "'");
        return *v;
    }
    // "#wrong": a count, or "N/A" when validation is off; old logs' "error" is a deviation.
    Result<std::optional<long>> wrong(int side) const
    {
        const int index = layout.wrong[side];
        if (index < 0 || at(index).text == "N/A")
            return std::optional<long>{};
        auto v = number(index, layout.wrongIsCount[side] ? "#wrong" : "error");
        if (!v)
            return v.error();
        if (!layout.wrongIsCount[side])
            return std::optional<long>{};
        if (*v > 1e15 || *v != double(long(*v)))
            return error(index, "'#wrong' must be a count of elements, got '" + std::string(at(index).text) + "'");
        return std::optional<long>(long(*v));
    }
};

#define NCCL_TRY(var, expr)    \
    auto var##_r = (expr);     \
    if (!var##_r)              \
        return var##_r.error(); \
    auto var = *var##_r

Result<NcclTestRow> parseRow(const std::vector<Token> &tokens, const Layout &l, const std::string &file, int line)
{
    const int n = int(tokens.size());
    if (n != l.columns && !(l.timestamp && n == l.columns + 2))
        return makeError(file, line, 0,
                         "expected " + std::to_string(l.columns) + " columns (" + l.names + ", as in the header at line " +
                             std::to_string(l.line) + "), found " + std::to_string(n) +
                             (n < l.columns ? " (a cut-off row?)" : ""));
    RowReader r{tokens, l, file, line};
    NcclTestRow row;
    row.line = line;
    NCCL_TRY(bytes, r.whole(l.size, "size"));
    NCCL_TRY(count, r.whole(l.count, "count"));
    row.bytes = bytes;
    row.count = count;
    row.type = std::string(r.at(l.type).text);
    row.redop = l.redop >= 0 ? std::string(r.at(l.redop).text) : "none";
    if (l.root >= 0) {
        auto root = parseInt(r.at(l.root).text);
        if (!root || *root < -1 || *root > (1 << 30))
            return r.error(l.root, "'root' must be a rank or -1, got '" + std::string(r.at(l.root).text) + "'");
        row.root = int(*root);
    }
    NCCL_TRY(time, r.number(l.time[0], "time"));
    NCCL_TRY(algbw, r.number(l.algbw[0], "algbw"));
    NCCL_TRY(busbw, r.number(l.busbw[0], "busbw"));
    NCCL_TRY(wrong, r.wrong(0));
    NCCL_TRY(inTime, r.number(l.time[1], "in-place time"));
    NCCL_TRY(inAlgbw, r.number(l.algbw[1], "in-place algbw"));
    NCCL_TRY(inBusbw, r.number(l.busbw[1], "in-place busbw"));
    NCCL_TRY(inWrong, r.wrong(1));
    row.timeUs = time;
    row.algbwGBps = algbw;
    row.busbwGBps = busbw;
    row.wrong = wrong;
    row.inPlaceTimeUs = inTime;
    row.inPlaceAlgbwGBps = inAlgbw;
    row.inPlaceBusbwGBps = inBusbw;
    row.inPlaceWrong = inWrong;
    return row;
}

#undef NCCL_TRY

// --- Comment lines ---------------------------------------------------------------------------

struct LogState
{
    NcclTestLog log;
    std::optional<Layout> layout;
    std::string program; // from "# Collective test starting: <program>"
    int programLine = 0;
    std::set<int> ranks;
    std::set<std::string> seen; // hosts and devices already listed ("h:" / "d:" + name)
};

// Appends `value` to `list` the first time it is seen (a set, so that a log of 100,000 ranks
// stays linear).
void addOnce(LogState &s, std::vector<std::string> &list, char kind, std::string value)
{
    if (!value.empty() && s.seen.insert(kind + (':' + value)).second)
        list.push_back(std::move(value));
}

// "#  Rank  3 Group  0 Pid 1234 on node005 device  3 [0000:c0:00] NVIDIA H100 80GB HBM3" (older:
// no Group, no Pid, "[0xc0]"). Lenient: a field it cannot find is left out.
void readRankLine(std::string_view text, const std::vector<Token> &tokens, LogState &s)
{
    if (tokens.size() < 2)
        return;
    if (auto rank = parseInt(tokens[1].text); rank && *rank >= 0 && *rank < (1 << 30))
        s.ranks.insert(int(*rank));
    for (std::size_t i = 2; i + 1 < tokens.size(); ++i) {
        if (tokens[i].text == "on") {
            addOnce(s, s.log.hosts, 'h', std::string(tokens[i + 1].text));
        } else if (tokens[i].text == "device") {
            const std::size_t close = text.find(']', std::size_t(tokens[i].column));
            if (close != std::string_view::npos && text.find('[', std::size_t(tokens[i].column)) < close)
                addOnce(s, s.log.devices, 'd', std::string(trim(text.substr(close + 1))));
            break;
        }
    }
}

// The value after "Name : " in a footer line, or empty.
std::string_view footerValue(std::string_view body, std::string_view name)
{
    if (body.substr(0, name.size()) != name)
        return {};
    body = trim(body.substr(name.size()));
    if (body.empty() || body.front() != ':')
        return {};
    const auto tokens = tokenize(body.substr(1));
    return tokens.empty() ? std::string_view() : tokens.front().text;
}

Status readCommentLine(std::string_view text, std::size_t hash, const std::string &file, int line, LogState &s)
{
    const std::vector<Token> tokens = tokenize(text, hash + 1);
    if (tokens.empty())
        return Ok{};
    const std::string_view body = trim(text.substr(hash + 1));
    if (tokens[0].text == "size" && tokens.size() > 1 && tokens[1].text == "count") {
        auto layout = parseHeader(tokens, file, line);
        if (!layout)
            return layout.error();
        s.layout = std::move(*layout);
        s.log.cpuTime = s.layout->cpuTime;
    } else if (tokens[0].text == "Rank") {
        readRankLine(text, tokens, s);
    } else if (constexpr std::string_view start = "Collective test starting:"; body.substr(0, start.size()) == start) {
        const std::string program(trim(body.substr(start.size())));
        if (!s.program.empty() && program != s.program)
            return makeError(file, line, 0,
                             "a second test ('" + program + "') in the same log; the first, '" + s.program + "', started at line " +
                                 std::to_string(s.programLine) + ": give each test a file of its own");
        s.program = program;
        s.programLine = line;
    } else if (auto avg = footerValue(body, "Avg bus bandwidth"); !avg.empty()) {
        auto v = parseDouble(avg);
        if (!v && lower(avg).find("nan") == std::string::npos && lower(avg).find("inf") == std::string::npos)
            return makeError(file, line, 0, "'Avg bus bandwidth' must be a number, got '" + std::string(avg) + "'");
        s.log.avgBusbwGBps = v; // nan or inf: unknown
    } else if (auto oob = footerValue(body, "Out of bounds values"); !oob.empty()) {
        auto v = parseInt(oob);
        if (!v || *v < 0)
            return makeError(file, line, 0, "'Out of bounds values' must be a count, got '" + std::string(oob) + "'");
        s.log.outOfBounds = long(*v);
    }
    return Ok{};
}

// --- Which collective ------------------------------------------------------------------------

std::string collectiveList()
{
    std::string list;
    for (const std::string &c : ncclTestCollectives())
        list += (list.empty() ? "" : ", ") + c;
    return list;
}

// The one collective a file name names ("all_reduce_perf_2node.log"), if exactly one.
std::optional<std::string> collectiveFromFileName(std::string_view path)
{
    std::string name;
    for (char c : lower(baseName(path)))
        if (c != '_' && c != '-' && c != '.' && c != ' ')
            name += c;
    // Longer names first, so that "reduce" inside "allreduce" or "reducescatter" does not count.
    static const char *const order[] = {"reducescatter", "allreduce", "allgather", "alltoallv", "alltoall",
                                        "broadcast",     "sendrecv",  "reduce"};
    std::set<std::string> found;
    for (const char *c : order) {
        const std::string_view key(c);
        for (std::size_t at = name.find(key); at != std::string::npos; at = name.find(key, at)) {
            if (key != "alltoallv")
                found.insert(std::string(key));
            name.replace(at, key.size(), key.size(), '|');
        }
    }
    if (found.size() != 1)
        return std::nullopt;
    return *found.begin();
}

Status resolveCollective(LogState &s, const std::string &file, const std::optional<std::string> &given)
{
    std::optional<std::string> option;
    if (given) {
        option = ncclTestCollectiveFromName(*given);
        if (!option)
            return makeError(file, 0, 0, "unknown collective '" + *given + "' (known: " + collectiveList() + ")");
    }
    if (!s.program.empty()) {
        auto fromLog = ncclTestCollectiveFromName(s.program);
        if (!fromLog)
            return makeError(file, s.programLine, 0,
                             "'" + s.program + "' is not one of the collectives we predict (" + collectiveList() + ")");
        if (option && *option != *fromLog)
            return makeError(file, s.programLine, 0,
                             "the log is of " + s.program + " but the collective given is '" + *given + "'");
        s.log.collective = *fromLog;
        return Ok{};
    }
    if (!option)
        option = collectiveFromFileName(file);
    if (!option)
        return makeError(file, 0, 0,
                         "cannot tell which collective this log measured: it has no '# Collective test starting' line, "
                         "its file name names none (e.g. all_reduce_perf.log) and none was given");
    s.log.collective = *option;
    return Ok{};
}

} // namespace

const std::vector<std::string> &ncclTestCollectives()
{
    static const std::vector<std::string> names = {"allreduce", "allgather", "reducescatter", "alltoall",
                                                   "broadcast", "reduce",    "sendrecv"};
    return names;
}

std::optional<std::string> ncclTestCollectiveFromName(std::string_view name)
{
    std::string n = lower(trim(baseName(trim(name))));
    if (const std::size_t perf = n.find("perf"); perf != std::string::npos && perf > 0)
        n.erase(perf); // "all_reduce_perf", "all_reduce_perf_mpi"
    std::string key;
    for (char c : n)
        if (c != '_' && c != '-' && c != ' ')
            key += c;
    const auto &names = ncclTestCollectives();
    if (std::find(names.begin(), names.end(), key) == names.end())
        return std::nullopt;
    return key;
}

Result<NcclTestLog> parseNcclTestsLog(std::string_view text, const std::string &file, std::optional<std::string> collective)
{
    LogState s;
    s.log.file = file;
    LineReader reader{text};
    std::string_view raw;
    std::string buffer;
    while (reader.next(raw)) {
        if (const std::size_t nul = raw.find('\0'); nul != std::string_view::npos)
            return makeError(file, reader.number, int(nul + 1), "binary data (a NUL byte): not an nccl-tests log");
        const std::string_view line = stripPrefixes(raw, buffer);
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos)
            continue;
        if (line[first] == '#') {
            if (auto st = readCommentLine(line, first, file, reader.number, s); !st)
                return st.error();
            continue;
        }
        const std::vector<Token> tokens = tokenize(line);
        const std::string_view head = tokens.front().text;
        const bool numeric = parseInt(head).has_value();
        if (!numeric)
            continue; // NCCL INFO/WARN, "NCCL version ...", launcher noise
        if (!s.layout)
            return makeError(file, reader.number, tokens.front().column,
                             "a data row before the column header ('#  size  count  type ...'): not an nccl-tests log, or its header is missing");
        if (s.log.rows.size() >= kMaxRows)
            return makeError(file, reader.number, 0, "more than " + std::to_string(kMaxRows) + " data rows");
        auto row = parseRow(tokens, *s.layout, file, reader.number);
        if (!row)
            return row.error();
        s.log.rows.push_back(std::move(*row));
    }
    if (s.log.rows.empty())
        return makeError(file, 0, 0,
                         s.layout ? "the log has a column header but no data rows (did the test fail?)"
                                  : "no nccl-tests data rows (no '#  size  count  type ...' header and no rows)");
    if (auto st = resolveCollective(s, file, collective); !st)
        return st.error();
    s.log.ranks = int(s.ranks.size());
    return std::move(s.log);
}

Result<NcclTestLog> readNcclTestsLog(const std::string &path, std::optional<std::string> collective)
{
    auto text = readFile(path);
    if (!text)
        return text.error();
    return parseNcclTestsLog(*text, path, std::move(collective));
}

} // namespace cplan
