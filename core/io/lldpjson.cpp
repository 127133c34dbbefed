// lldpctl JSON (lldpd's "json" and "json0" formats) as LLDP neighbour tables; see lldpjson.h.
#include "io/lldpjson.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace cplan {

namespace {

using Json = nlohmann::ordered_json;

// The line of byte `offset` (1-based).
int lineAt(std::string_view text, std::size_t offset)
{
    offset = std::min(offset, text.size());
    return 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(offset), '\n'));
}

// A value as text: a string, a number, or the first "value" of json0's [{"value": ...}].
std::string scalar(const Json &j, int depth = 0)
{
    if (depth > 4)
        return {};
    if (j.is_string())
        return j.get<std::string>();
    if (j.is_number_integer())
        return std::to_string(j.get<long long>());
    if (j.is_array() && !j.empty())
        return scalar(j.front(), depth + 1);
    if (j.is_object()) {
        if (auto it = j.find("value"); it != j.end())
            return scalar(*it, depth + 1);
    }
    return {};
}

// json0 wraps every object in a list of one: the object itself.
const Json &unwrap(const Json &j)
{
    return j.is_array() && !j.empty() ? j.front() : j;
}

class Reader
{
public:
    Reader(std::string_view text, const std::string &fileName) : m_text(text), m_file(fileName) {}

    Result<LldpTable> read()
    {
        Json root;
        try {
            root = Json::parse(m_text.begin(), m_text.end());
        } catch (const Json::parse_error &e) {
            // At the end of the text (a cut file): the line of its last character.
            std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
            if (at >= m_text.size())
                at = std::min(m_text.size(), m_text.find_last_not_of(" \t\r\n"));
            return Error{m_file, lineAt(m_text, at), 0,
                         "not valid JSON (lldpctl -f json output expected): " + std::string(e.what())};
        } catch (const Json::exception &e) {
            // A number too large for a double ("1e400"): the parser does not say where.
            return Error{m_file, 0, 0, "not valid JSON (lldpctl -f json output expected): " + std::string(e.what())};
        }
        if (!root.is_object())
            return Error{m_file, 1, 0, "not lldpctl JSON: the text is not a JSON object"};
        if (root.contains("lldp")) {
            if (auto st = device(lldpDeviceFromFileName(m_file), root["lldp"]); !st)
                return st.error();
        } else {
            for (const auto &[name, value] : root.items()) {
                if (!value.is_object() || !value.contains("lldp"))
                    return Error{m_file, find("\"" + name + "\""), 0,
                                 "not lldpctl JSON: \"" + name + "\" holds no \"lldp\" object (expected `lldpctl -f json show "
                                 "neighbors` output, or such outputs keyed by switch name)"};
                if (auto st = device(name, value["lldp"]); !st)
                    return st.error();
            }
            if (root.empty())
                return Error{m_file, 1, 0, "not lldpctl JSON: no \"lldp\" object"};
        }
        return std::move(m_out);
    }

private:
    // The line of the next occurrence of `needle` after the last one found (0 when none).
    int find(const std::string &needle)
    {
        const auto at = m_text.find(needle, m_cursor);
        if (at == std::string_view::npos)
            return 0;
        // Lines counted on from the last hit: the hits only move forward, so a whole file is
        // counted once (a fabric's tables run to tens of megabytes).
        m_line += int(std::count(m_text.begin() + std::ptrdiff_t(m_lineAt), m_text.begin() + std::ptrdiff_t(at), '\n'));
        m_lineAt = at;
        m_cursor = at + needle.size();
        return m_line;
    }

    void note(int line, std::string message) { m_out.notes.push_back(LldpNote{line, std::move(message)}); }

    Status device(const std::string &name, const Json &lldpValue)
    {
        m_out.devices.push_back(name);
        const int line = find("\"lldp\"");
        if (name.empty())
            return Error{m_file, line, 0, "the switch the neighbours are of has no name (name the file after it)"};
        const Json &lldp = unwrap(lldpValue);
        if (!lldp.is_object())
            return Error{m_file, line, 0, "\"lldp\" of " + name + " is not an object"};
        const auto it = lldp.find("interface");
        if (it == lldp.end())
            return Ok{};   // no neighbours
        const Json &ifs = *it;
        if (ifs.is_object()) {   // json, one interface: {"eth0": {...}}
            for (const auto &[ifname, body] : ifs.items())
                entry(name, ifname, body);
        } else if (ifs.is_array()) {
            for (const Json &e : ifs) {
                if (!e.is_object()) {
                    note(find("\"interface\""), name + ": an interface entry is not an object: skipped");
                } else if (e.contains("name") && e["name"].is_string()) {   // json0
                    entry(name, e["name"].get<std::string>(), e);
                } else {                                                      // json, several
                    for (const auto &[ifname, body] : e.items())
                        entry(name, ifname, body);
                }
            }
        } else {
            return Error{m_file, line, 0, "\"interface\" of " + name + " is neither an object nor a list"};
        }
        return Ok{};
    }

    void entry(const std::string &dev, const std::string &ifname, const Json &body)
    {
        LldpNeighbor n;
        n.device = dev;
        n.interface = ifname;
        n.line = find("\"" + ifname + "\"");
        if (!body.is_object()) {
            note(n.line, dev + " " + ifname + ": the entry is not an object: skipped");
            return;
        }
        chassis(n, body.contains("chassis") ? unwrap(body["chassis"]) : Json());
        if (n.remoteName.empty()) {
            note(n.line, dev + " " + ifname + ": the neighbour sends no system name (SysName), so which device it is is unknown: skipped");
            return;
        }
        const Json &port = body.contains("port") ? unwrap(body["port"]) : Json();
        if (port.is_object()) {
            if (auto id = port.find("id"); id != port.end()) {
                const Json &idv = unwrap(*id);
                n.remotePortIdType = idv.is_object() && idv.contains("type") ? scalar(idv["type"]) : std::string();
                n.remotePortId = idv.is_object() && idv.contains("value") ? scalar(idv["value"]) : scalar(idv);
            }
            if (auto d = port.find("descr"); d != port.end())
                n.remotePortDescr = scalar(*d);
        }
        if (n.remotePortId.empty() && n.remotePortDescr.empty()) {
            note(n.line, dev + " " + ifname + ": the neighbour " + n.remoteName + " sends no port id: skipped");
            return;
        }
        m_out.neighbors.push_back(std::move(n));
    }

    static void chassis(LldpNeighbor &n, const Json &c)
    {
        if (!c.is_object())
            return;
        const Json *body = &c;
        if (c.contains("name")) {                 // json0: "name": [{"value": ...}]
            n.remoteName = scalar(c["name"]);
        } else if (!c.contains("id") && c.size() == 1 && c.begin().value().is_object()) {   // json: {"<SysName>": {...}}
            n.remoteName = c.begin().key();
            body = &c.begin().value();
        }
        if (auto id = body->find("id"); id != body->end()) {
            const Json &idv = unwrap(*id);
            n.remoteChassisId = idv.is_object() ? scalar(idv.contains("value") ? idv["value"] : Json()) : scalar(idv);
        }
        if (auto caps = body->find("capability"); caps != body->end()) {
            auto see = [&](const Json &cap) {
                if (!cap.is_object() || !cap.contains("type"))
                    return;
                const std::string type = scalar(cap["type"]);
                const bool on = cap.contains("enabled") && cap["enabled"].is_boolean() && cap["enabled"].get<bool>();
                if (type == "Bridge")
                    n.remoteBridge = n.remoteBridge || on;
                else if (type == "Router")
                    n.remoteRouter = n.remoteRouter || on;
                else if (type == "Station")
                    n.remoteStation = n.remoteStation || on;
            };
            if (caps->is_array())
                for (const Json &cap : *caps)
                    see(cap);
            else
                see(*caps);
        }
    }

    std::string_view m_text;
    std::string m_file;
    std::size_t m_cursor = 0;
    std::size_t m_lineAt = 0;   // where m_line was counted to
    int m_line = 1;
    LldpTable m_out;
};

} // namespace

std::string lldpDeviceFromFileName(const std::string &fileName)
{
    std::string base = fileName.substr(fileName.find_last_of("/\\") == std::string::npos ? 0 : fileName.find_last_of("/\\") + 1);
    for (const char *suffix : {".json", ".lldp"})
        if (base.size() > std::char_traits<char>::length(suffix) &&
            base.compare(base.size() - std::char_traits<char>::length(suffix), std::string::npos, suffix) == 0)
            base.resize(base.size() - std::char_traits<char>::length(suffix));
    return base;
}

Result<LldpTable> readLldpJson(std::string_view text, const std::string &fileName)
{
    return Reader(text, fileName).read();
}

} // namespace cplan
