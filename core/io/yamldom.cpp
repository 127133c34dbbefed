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

} // namespace

Result<YamlNode> parseYaml(std::string_view text, const std::string &fileName, const std::vector<std::string> &streamed,
                           const YamlItemHandler &handler)
{
    LibYamlParser p;
    yaml_parser_set_input_string(&p.parser, reinterpret_cast<const unsigned char *>(text.data()), text.size());

    // The stack of open collections. A map alternates key / value: `pendingKey` holds the key.
    struct Frame
    {
        YamlNode node;
        bool haveKey = false;
        YamlNode key;
        bool streaming = false; // a top-level sequence whose items go to the handler
        std::string name;
    };
    std::vector<Frame> stack;
    YamlNode root;
    root.line = 1;
    root.column = 1;
    bool haveRoot = false;
    int documents = 0;

    auto place = [&](YamlNode &&node) -> Status {
        if (stack.empty()) {
            root = std::move(node);
            haveRoot = true;
            return Ok{};
        }
        Frame &top = stack.back();
        if (top.node.kind == YamlNode::Kind::Sequence) {
            if (top.streaming && stack.size() == 2)
                return handler(top.name, std::move(node));
            top.node.items.push_back(std::move(node));
        } else if (!top.haveKey) {
            if (node.kind != YamlNode::Kind::Scalar)
                return Error{fileName, node.line, node.column, "a mapping key must be a plain value"};
            for (const auto &[k, v] : top.node.entries)
                if (k.scalar == node.scalar)
                    return Error{fileName, node.line, node.column, "duplicate key '" + node.scalar + "'"};
            top.key = std::move(node);
            top.haveKey = true;
        } else {
            top.node.entries.push_back(YamlEntry{std::move(top.key), std::move(node)});
            top.haveKey = false;
        }
        return Ok{};
    };

    for (;;) {
        Event ev;
        if (!yaml_parser_parse(&p.parser, &ev.event)) {
            const int line = int(p.parser.problem_mark.line) + 1, col = int(p.parser.problem_mark.column) + 1;
            std::string what = p.parser.problem ? p.parser.problem : "syntax error";
            if (p.parser.context)
                what = std::string(p.parser.context) + ", " + what;
            return Error{fileName, line, col, "not valid YAML: " + what};
        }
        ev.valid = true;
        const yaml_event_t &e = ev.event;
        const int line = int(e.start_mark.line) + 1, col = int(e.start_mark.column) + 1;
        switch (e.type) {
        case YAML_STREAM_END_EVENT:
            if (!haveRoot)
                root = YamlNode{YamlNode::Kind::Null, {}, 1, 1, {}, {}};
            return root;
        case YAML_DOCUMENT_START_EVENT:
            if (++documents > 1)
                return Error{fileName, line, col, "the file holds more than one YAML document"};
            break;
        case YAML_ALIAS_EVENT:
            return Error{fileName, line, col, "YAML aliases (*name) are not supported in design files"};
        case YAML_SCALAR_EVENT: {
            if (e.data.scalar.anchor)
                return Error{fileName, line, col, "YAML anchors (&name) are not supported in design files"};
            YamlNode n;
            n.kind = isNullScalar(e) ? YamlNode::Kind::Null : YamlNode::Kind::Scalar;
            n.scalar.assign(reinterpret_cast<const char *>(e.data.scalar.value), e.data.scalar.length);
            n.line = line;
            n.column = col;
            if (auto s = place(std::move(n)); !s)
                return s.error();
            break;
        }
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT: {
            if (stack.size() >= kMaxDepth)
                return Error{fileName, line, col, "nesting is too deep"};
            Frame f;
            f.node.kind = e.type == YAML_SEQUENCE_START_EVENT ? YamlNode::Kind::Sequence : YamlNode::Kind::Map;
            f.node.line = line;
            f.node.column = col;
            // A top-level sequence value whose key is streamed.
            if (f.node.kind == YamlNode::Kind::Sequence && stack.size() == 1 && stack[0].haveKey && handler) {
                for (const std::string &s : streamed)
                    if (stack[0].key.scalar == s) {
                        f.streaming = true;
                        f.name = s;
                    }
            }
            stack.push_back(std::move(f));
            break;
        }
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT: {
            YamlNode done = std::move(stack.back().node);
            stack.pop_back();
            if (auto s = place(std::move(done)); !s)
                return s.error();
            break;
        }
        default:
            break;
        }
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
        // not allow raw (C0 and C1 controls, DEL, the byte order mark), so that a saved string
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
