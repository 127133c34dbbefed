#include "io/yamldom.h"

#include <yaml.h>

#include <cstdio>

namespace cplan {

const YamlNode *YamlNode::find(std::string_view key) const
{
    for (const auto &[k, v] : entries)
        if (k.kind == Kind::Scalar && k.scalar == key)
            return &v;
    return nullptr;
}

namespace {

constexpr std::size_t kMaxDepth = 64; // nesting deeper than this is no design file

struct LibYamlParser
{
    yaml_parser_t parser;
    LibYamlParser() { yaml_parser_initialize(&parser); }
    ~LibYamlParser() { yaml_parser_delete(&parser); }
};

struct Event
{
    yaml_event_t event;
    bool valid = false;
    ~Event()
    {
        if (valid)
            yaml_event_delete(&event);
    }
};

bool isNullScalar(const yaml_event_t &e)
{
    if (e.data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return false;
    const std::string_view s(reinterpret_cast<const char *>(e.data.scalar.value), e.data.scalar.length);
    return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

Error syntaxError(const yaml_parser_t &parser, const std::string &fileName)
{
    const int line = int(parser.problem_mark.line) + 1, col = int(parser.problem_mark.column) + 1;
    std::string what = parser.problem ? parser.problem : "syntax error";
    if (parser.context)
        what = std::string(parser.context) + ", " + what;
    return Error{fileName, line, col, "not valid YAML: " + what};
}

// Builds the tree from libyaml's events with a stack of open collections. The items of a
// streamed top-level sequence go to the handler instead of into the tree.
class TreeBuilder
{
public:
    TreeBuilder(const std::string &fileName, const std::vector<std::string> &streamed, const YamlItemHandler &handler)
        : m_fileName(fileName), m_streamed(streamed), m_handler(handler)
    {
        m_root.line = 1;
        m_root.column = 1;
    }

    // Every event but the end of the stream.
    Status take(const yaml_event_t &e)
    {
        const int line = int(e.start_mark.line) + 1, col = int(e.start_mark.column) + 1;
        switch (e.type) {
        case YAML_DOCUMENT_START_EVENT:
            if (++m_documents > 1)
                return Error{m_fileName, line, col, "the file holds more than one YAML document"};
            return Ok{};
        case YAML_ALIAS_EVENT:
            return Error{m_fileName, line, col, "YAML aliases (*name) are not supported in design files"};
        case YAML_SCALAR_EVENT:
            return scalar(e, line, col);
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT:
            return open(e, line, col);
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT: {
            YamlNode done = std::move(m_stack.back().node);
            m_stack.pop_back();
            return place(std::move(done));
        }
        default:
            return Ok{};
        }
    }

    // At the end of the stream: the document (a null node for an empty file).
    YamlNode finish()
    {
        if (!m_haveRoot)
            m_root = YamlNode{YamlNode::Kind::Null, {}, 1, 1, {}, {}};
        return std::move(m_root);
    }

private:
    // An open collection. A map alternates key / value: `key` holds the key until its value.
    struct Frame
    {
        YamlNode node;
        bool haveKey = false;
        YamlNode key;
        bool streaming = false; // a top-level sequence whose items go to the handler
        std::string name;
    };

    Status scalar(const yaml_event_t &e, int line, int col)
    {
        if (e.data.scalar.anchor)
            return Error{m_fileName, line, col, "YAML anchors (&name) are not supported in design files"};
        YamlNode n;
        n.kind = isNullScalar(e) ? YamlNode::Kind::Null : YamlNode::Kind::Scalar;
        n.scalar.assign(reinterpret_cast<const char *>(e.data.scalar.value), e.data.scalar.length);
        n.line = line;
        n.column = col;
        return place(std::move(n));
    }

    Status open(const yaml_event_t &e, int line, int col)
    {
        if (m_stack.size() >= kMaxDepth)
            return Error{m_fileName, line, col, "nesting is too deep"};
        Frame f;
        f.node.kind = e.type == YAML_SEQUENCE_START_EVENT ? YamlNode::Kind::Sequence : YamlNode::Kind::Map;
        f.node.line = line;
        f.node.column = col;
        // A top-level sequence value whose key is streamed.
        if (f.node.kind == YamlNode::Kind::Sequence && m_stack.size() == 1 && m_stack[0].haveKey && m_handler) {
            for (const std::string &s : m_streamed)
                if (m_stack[0].key.scalar == s) {
                    f.streaming = true;
                    f.name = s;
                }
        }
        m_stack.push_back(std::move(f));
        return Ok{};
    }

    // A finished node goes into the collection that holds it (or becomes the root).
    Status place(YamlNode &&node)
    {
        if (m_stack.empty()) {
            m_root = std::move(node);
            m_haveRoot = true;
            return Ok{};
        }
        Frame &top = m_stack.back();
        if (top.node.kind == YamlNode::Kind::Sequence) {
            if (top.streaming && m_stack.size() == 2)
                return m_handler(top.name, std::move(node));
            top.node.items.push_back(std::move(node));
        } else if (!top.haveKey) {
            if (node.kind != YamlNode::Kind::Scalar)
                return Error{m_fileName, node.line, node.column, "a mapping key must be a plain value"};
            for (const auto &[k, v] : top.node.entries)
                if (k.scalar == node.scalar)
                    return Error{m_fileName, node.line, node.column, "duplicate key '" + node.scalar + "'"};
            top.key = std::move(node);
            top.haveKey = true;
        } else {
            top.node.entries.push_back(YamlEntry{std::move(top.key), std::move(node)});
            top.haveKey = false;
        }
        return Ok{};
    }

    const std::string &m_fileName;
    const std::vector<std::string> &m_streamed;
    const YamlItemHandler &m_handler;
    std::vector<Frame> m_stack;
    YamlNode m_root;
    bool m_haveRoot = false;
    int m_documents = 0;
};

} // namespace

Result<YamlNode> parseYaml(std::string_view text, const std::string &fileName, const std::vector<std::string> &streamed,
                           const YamlItemHandler &handler)
{
    LibYamlParser p;
    yaml_parser_set_input_string(&p.parser, reinterpret_cast<const unsigned char *>(text.data()), text.size());
    TreeBuilder builder(fileName, streamed, handler);
    for (;;) {
        Event ev;
        if (!yaml_parser_parse(&p.parser, &ev.event))
            return syntaxError(p.parser, fileName);
        ev.valid = true;
        if (ev.event.type == YAML_STREAM_END_EVENT)
            return builder.finish();
        if (auto s = builder.take(ev.event); !s)
            return s.error();
    }
}

void appendYamlScalar(std::string &out, std::string_view v)
{
    auto safeChar = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
               c == '.' || c == '/' || c == '+' || c == '(' || c == ')' || c == ' ' || c == ':' || c == '@' || c == '=';
    };
    // '@' is reserved in YAML and cannot start a plain scalar; '-' and ':' would start a list
    // item or a value.
    bool plain = !v.empty() && v.front() != ' ' && v.back() != ' ' && v.front() != '-' && v.front() != ':' && v.front() != '@' &&
                 v.back() != ':' && v != "~" && v != "null" && v != "Null" && v != "NULL";
    for (std::size_t i = 0; plain && i < v.size(); ++i) {
        plain = safeChar(v[i]);
        // ": " would start a mapping value; " #" a comment.
        if (v[i] == ':' && i + 1 < v.size() && v[i + 1] == ' ')
            plain = false;
    }
    if (plain) {
        out.append(v);
        return;
    }
    out += '"';
    for (std::size_t i = 0; i < v.size(); ++i) {
        const char c = v[i];
        const auto u = static_cast<unsigned char>(c);
        // Escaped: what YAML would fold (line breaks, including NEL, LS and PS) and what it does
        // not allow raw (C0 and C1 controls, DEL, the byte order mark, U+FFFE, U+FFFF), so that a saved string
        // loads back to the same bytes.
        auto next = [&](std::size_t k) { return i + k < v.size() ? static_cast<unsigned char>(v[i + k]) : 0; };
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
            if (u < 0x20 || u == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", u);
                out += buf;
            } else if (u == 0xc2 && next(1) >= 0x80 && next(1) <= 0x9f) {   // U+0080..U+009F
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", next(1));
                out += buf;
                ++i;
            } else if (u == 0xe2 && next(1) == 0x80 && (next(2) == 0xa8 || next(2) == 0xa9)) {   // U+2028, U+2029
                out += next(2) == 0xa8 ? "\\L" : "\\P";
                i += 2;
            } else if (u == 0xef && next(1) == 0xbb && next(2) == 0xbf) {   // U+FEFF
                out += "\\uFEFF";
                i += 2;
            } else if (u == 0xef && next(1) == 0xbf && (next(2) == 0xbe || next(2) == 0xbf)) {   // U+FFFE, U+FFFF: YAML refuses them raw
                out += next(2) == 0xbe ? "\\uFFFE" : "\\uFFFF";
                i += 2;
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

void appendYamlNode(std::string &out, const YamlNode &node, int indent)
{
    const std::string pad(std::size_t(indent), ' ');
    switch (node.kind) {
    case YamlNode::Kind::Null:
        out += "null\n";
        break;
    case YamlNode::Kind::Scalar:
        appendYamlScalar(out, node.scalar);
        out += '\n';
        break;
    case YamlNode::Kind::Sequence:
        if (node.items.empty()) {
            out += "[]\n";
            break;
        }
        out += '\n';
        for (const YamlNode &item : node.items) {
            out += pad + "- ";
            if (item.isMap() || item.isSequence())
                appendYamlNode(out, item, indent + 2);
            else
                appendYamlNode(out, item, indent + 2);
        }
        break;
    case YamlNode::Kind::Map:
        if (node.entries.empty()) {
            out += "{}\n";
            break;
        }
        out += '\n';
        for (const auto &[k, v] : node.entries) {
            out += pad;
            appendYamlScalar(out, k.scalar);
            out += ':';
            // A value on the same line ("[]" and "{}" included) needs a space after the colon.
            if (!(v.isMap() && !v.entries.empty()) && !(v.isSequence() && !v.items.empty()))
                out += ' ';
            appendYamlNode(out, v, indent + 2);
        }
        break;
    }
}

} // namespace cplan
