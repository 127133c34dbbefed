#pragma once

// Strict reading of one YAML map of a design file: every key known, every value of the
// expected type, the first problem an Error at the offending node. Used by the design reader
// (io/designyaml.cpp) and its sections (io/designracks.cpp).

#include "io/yamldom.h"
#include "util/error.h"
#include "util/strings.h"

#include <initializer_list>
#include <optional>
#include <string>

namespace cplan {

// Reads one YAML map strictly: every key must be known, every value of the expected type.
// The first problem becomes an Error at the node's position.
class MapReader
{
public:
    MapReader(const YamlNode &node, const std::string &file, const char *what, std::optional<Error> &error)
        : m_node(node), m_file(file), m_what(what), m_error(error)
    {
        if (!node.isMap())
            fail(node, std::string(what) + " must be a mapping");
    }

    bool ok() const { return !m_error.has_value(); }

    void fail(const YamlNode &at, const std::string &message)
    {
        if (!m_error)
            m_error = Error{m_file, at.line, at.column, message};
    }

    // Reports keys that are not in `known` (catches typos such as "lenght_m").
    void allowOnly(std::initializer_list<const char *> known)
    {
        if (!ok())
            return;
        for (const auto &[k, v] : m_node.entries) {
            bool found = false;
            for (const char *name : known)
                found = found || k.scalar == name;
            if (!found) {
                fail(k, "unknown key '" + k.scalar + "' in " + m_what);
                return;
            }
        }
    }

    const YamlNode *get(const char *key) const { return m_node.isMap() ? m_node.find(key) : nullptr; }

    bool string(const char *key, std::string &out, bool required = false)
    {
        const YamlNode *v = get(key);
        if (!v || v->isNull()) {
            if (required)
                fail(v ? *v : m_node, std::string(m_what) + " has no '" + key + "'");
            return false;
        }
        if (!v->isScalar()) {
            fail(*v, std::string("'") + key + "' must be a text value");
            return false;
        }
        out = v->scalar;
        if (required && out.empty())
            fail(*v, std::string("'") + key + "' must not be empty");
        return true;
    }

    bool number(const char *key, double &out)
    {
        const YamlNode *v = get(key);
        if (!v || v->isNull())
            return false;
        std::optional<double> d = v->isScalar() ? parseDouble(v->scalar) : std::nullopt;
        if (!d) {
            fail(*v, std::string("'") + key + "' must be a number, not '" + (v->isScalar() ? v->scalar : "a list or map") + "'");
            return false;
        }
        out = *d;
        return true;
    }

    bool optionalNumber(const char *key, std::optional<double> &out)
    {
        double d = 0;
        if (!number(key, d))
            return false;
        out = d;
        return true;
    }

    bool integer(const char *key, long long &out, long long lo, long long hi)
    {
        const YamlNode *v = get(key);
        if (!v || v->isNull())
            return false;
        std::optional<long long> i = v->isScalar() ? parseInt(v->scalar) : std::nullopt;
        if (!i) {
            fail(*v, std::string("'") + key + "' must be a whole number, not '" + (v->isScalar() ? v->scalar : "a list or map") + "'");
            return false;
        }
        if (*i < lo || *i > hi) {
            fail(*v, std::string("'") + key + "' is out of range (" + std::to_string(lo) + " to " + std::to_string(hi) + ")");
            return false;
        }
        out = *i;
        return true;
    }

    bool boolean(const char *key, bool &out)
    {
        const YamlNode *v = get(key);
        if (!v || v->isNull())
            return false;
        const std::string t = v->isScalar() ? v->scalar : std::string();
        if (t != "true" && t != "false") {
            fail(*v, std::string("'") + key + "' must be true or false, not '" + (v->isScalar() ? t : "a list or map") + "'");
            return false;
        }
        out = t == "true";
        return true;
    }

private:
    const YamlNode &m_node;
    const std::string &m_file;
    const char *m_what;
    std::optional<Error> &m_error;
};

inline Error errorAt(const std::string &file, const YamlNode *at, const std::string &message)
{
    return Error{file, at ? at->line : 0, at ? at->column : 0, message};
}

} // namespace cplan
