#include "io/generatorrecord.h"

#include "catalog/partlimits.h"
#include "generate/fattreeoptions.h"
#include "io/yamlmapreader.h"
#include "util/intpair.h"
#include "util/strings.h"

namespace cplan {

namespace {

// The sentence: `text` (a template with %1..%9) and its `args`.
bool readNote(const YamlNode &node, MapReader &parent, const std::string &fileName, std::optional<Error> &error, Message &out)
{
    MapReader r(node, fileName, "blocking_note", error);
    r.allowOnly({"text", "args"});
    r.string("text", out.format, true);
    if (const YamlNode *args = r.get("args"); args && !args->isNull()) {
        if (!args->isSequence() || args->items.size() > 9) {
            parent.fail(*args, "'args' must be a list of at most 9 values");
            return false;
        }
        for (const YamlNode &a : args->items) {
            if (!a.isScalar()) {
                parent.fail(a, "each of 'args' must be a text value");
                return false;
            }
            out.args.push_back(a.scalar);
        }
    }
    return r.ok();
}

} // namespace

Result<GeneratorRecord> readGeneratorRecord(const YamlNode &node, const std::string &fileName)
{
    std::optional<Error> error;
    GeneratorRecord g;
    MapReader r(node, fileName, "generator", error);
    r.allowOnly({"kind", "blocking_asked", "leaf_ports", "blocking_note"});
    if (r.string("kind", g.kind, true) && g.kind != "fat-tree")
        r.fail(*r.get("kind"), "unknown generator '" + g.kind + "' (fat-tree)");
    std::string text;
    if (r.string("blocking_asked", text)) {
        if (auto asked = parseBlockingRatio(text))
            std::tie(g.askedDown, g.askedUp) = *asked;
        else
            r.fail(*r.get("blocking_asked"), "'blocking_asked': " + asked.error().message);
    }
    if (r.string("leaf_ports", text)) {
        // Down:up ports of a leaf, from 1 down and 0 up (a single switch) to a switch's most.
        if (auto ports = parseIntPair(text, ':', {1, partlimits::kMaxSwitchPorts}, {0, partlimits::kMaxSwitchPorts}))
            std::tie(g.leafDown, g.leafUp) = *ports;
        else
            r.fail(*r.get("leaf_ports"), "'leaf_ports' must be down:up ports of one leaf, e.g. 37:21 (1 to " +
                                             std::to_string(partlimits::kMaxSwitchPorts) + " down, 0 to as many up)");
    }
    if (const YamlNode *note = r.get("blocking_note"); note && !note->isNull() && r.ok())
        readNote(*note, r, fileName, error, g.blocking);
    if (error)
        return *error;
    return g;
}

std::optional<GeneratorRecord> generatorRecord(const Design &design)
{
    const auto it = design.extra.find(kGeneratorSection);
    if (it == design.extra.end())
        return std::nullopt;
    auto tree = parseYaml(it->second, "generator");
    if (!tree)
        return std::nullopt;
    auto record = readGeneratorRecord(*tree, "generator");
    return record ? std::optional(std::move(*record)) : std::nullopt;
}

void setGeneratorRecord(Design &design, const GeneratorRecord &g)
{
    std::string out = "\n  kind: ";
    appendYamlScalar(out, g.kind);
    out += "\n  blocking_asked: \"" + std::to_string(g.askedDown) + ':' + std::to_string(g.askedUp) + '"';
    if (g.leafDown > 0)
        out += "\n  leaf_ports: \"" + std::to_string(g.leafDown) + ':' + std::to_string(g.leafUp) + '"';
    if (!g.blocking.format.empty()) {
        out += "\n  blocking_note:\n    text: ";
        appendYamlScalar(out, g.blocking.format);
        out += "\n    args: [";
        for (std::size_t i = 0; i < g.blocking.args.size(); ++i) {
            out += i ? ", " : "";
            appendYamlScalar(out, g.blocking.args[i]);
        }
        out += ']';
    }
    design.extra[kGeneratorSection] = out + '\n';
}

} // namespace cplan
