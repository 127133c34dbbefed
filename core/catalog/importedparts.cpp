#include "catalog/importedparts.h"

#include <mutex>

namespace cplan {

Status ImportedParts::add(const Part &part)
{
    std::unique_lock lock(m_mutex);
    if (auto it = m_index.find(part.id); it != m_index.end()) {
        if (*it->second == part)
            return Ok{};
        return makeError({}, 0, 0,
                         "imported part '" + part.id + "' is defined twice with different figures (another open design "
                         "or an earlier part of this file defines it differently)");
    }
    m_parts.push_back(part);
    m_index.emplace(part.id, &m_parts.back());
    return Ok{};
}

const Part *ImportedParts::find(const std::string &id) const
{
    std::shared_lock lock(m_mutex);
    auto it = m_index.find(id);
    return it == m_index.end() ? nullptr : it->second;
}

std::vector<const Part *> ImportedParts::all() const
{
    std::shared_lock lock(m_mutex);
    std::vector<const Part *> out;
    out.reserve(m_parts.size());
    for (const Part &p : m_parts)
        out.push_back(&p);
    return out;
}

} // namespace cplan
