#pragma once

#include "catalog/part.h"
#include "util/error.h"

#include <deque>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace cplan {

// The generic parts that designs brought with them (see Part::imported), known to a catalog
// and all its copies. Read from analysis threads while the GUI thread loads a design, hence
// the lock; parts are kept in a deque so that pointers handed out stay valid.
class ImportedParts
{
public:
    // Adds a part; the same id again must carry the same figures.
    Status add(const Part &part);
    const Part *find(const std::string &id) const;
    std::vector<const Part *> all() const;

private:
    mutable std::shared_mutex m_mutex;
    std::deque<Part> m_parts;
    std::unordered_map<std::string, const Part *> m_index;
};

} // namespace cplan
