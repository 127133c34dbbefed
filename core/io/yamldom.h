#pragma once

#include "util/error.h"

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cplan {

// A small YAML document tree built from libyaml's event parser, with the line and column of
// every node (for error messages). Design files use it because libyaml parses about ten
// times faster than yaml-cpp on large fabrics; anchors and aliases are refused.
struct YamlEntry;

class YamlNode
{
public:
    enum class Kind { Null, Scalar, Sequence, Map };

    Kind kind = Kind::Null;
    std::string scalar;           // for Scalar (Null: the original text, e.g. "~")
    int line = 0, column = 0;     // 1-based
    std::vector<YamlNode> items;  // Sequence items
    std::vector<YamlEntry> entries; // Map entries, in file order

    bool isNull() const { return kind == Kind::Null; }
    bool isScalar() const { return kind == Kind::Scalar; }
    bool isSequence() const { return kind == Kind::Sequence; }
    bool isMap() const { return kind == Kind::Map; }
    // The value of `key` in a map, or nullptr.
    const YamlNode *find(std::string_view key) const;
};

struct YamlEntry
{
    YamlNode key;
    YamlNode value;
};

// Called for each item of a top-level sequence named in `streamed` (e.g. "nodes"), instead of
// storing it: big sections are converted item by item and never held as a tree. Returning an
// Error stops the parse with it.
using YamlItemHandler = std::function<Status(const std::string &key, YamlNode &&item)>;

// Parses one YAML document. The root of an empty document is a Null node at line 1.
Result<YamlNode> parseYaml(std::string_view text, const std::string &fileName,
                           const std::vector<std::string> &streamed = {}, const YamlItemHandler &handler = {});

// Writes a scalar so that it reads back as the same string: plain when safe (also inside
// flow collections), double-quoted with escapes otherwise.
void appendYamlScalar(std::string &out, std::string_view value);
// Writes a node tree in block style (for sections kept verbatim).
void appendYamlNode(std::string &out, const YamlNode &node, int indent);

} // namespace cplan
