#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace cplan {

// Open-addressing hash index for Design's id lookups. Built in one pass without an allocation
// per entry: a 300,000-link design reindexes in tens of milliseconds (with std::unordered_map,
// a third of a second on the GUI thread after every edit that adds or removes something).
// Insert keeps the first entry for a key, as emplace did.

// Empties slot `i` of a linear-probing table and shifts back the entries after it whose probe
// run crossed it, so that every lookup still finds its entry without tombstones. `home(e)` is
// an entry's hash (masked here); a default-constructed slot is empty. (Not `slots`: Qt defines it.)
template <class Slot, class Home>
void eraseSlot(std::vector<Slot> &table, std::size_t i, Home home)
{
    const std::size_t mask = table.size() - 1;
    const Slot empty{};
    table[i] = empty;
    for (std::size_t j = (i + 1) & mask; !(table[j] == empty); j = (j + 1) & mask) {
        const std::size_t k = home(table[j]) & mask;
        // The entry at j may move to i unless its home lies cyclically in (i, j].
        const bool homeBetween = i <= j ? (i < k && k <= j) : (i < k || k <= j);
        if (homeBetween)
            continue;
        table[i] = table[j];
        table[j] = empty;
        i = j;
    }
}

// A string id -> its position in a vector whose elements hold the ids (`idOf(pos)`).
class IdIndex
{
public:
    void clear()
    {
        m_slots.assign(m_slots.empty() ? 0 : 16, 0);
        m_size = 0;
    }
    void reserve(std::size_t n)
    {
        if (2 * n > m_slots.size())
            rehash(capacityFor(n));
    }
    std::size_t size() const { return m_size; }

    template <class IdOf>
    void insert(std::string_view id, std::uint32_t pos, IdOf idOf)
    {
        if (2 * (m_size + 1) > m_slots.size())
            rehash(capacityFor(m_size + 1));
        const std::uint32_t h = hash(id);
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = h & mask;; i = (i + 1) & mask) {
            const std::uint64_t s = m_slots[i];
            if (s == 0) {
                m_slots[i] = (std::uint64_t(h) << 32) | (std::uint64_t(pos) + 1);
                ++m_size;
                return;
            }
            if (std::uint32_t(s >> 32) == h && idOf(std::uint32_t(s) - 1) == id)
                return;
        }
    }

    template <class IdOf>
    std::optional<std::uint32_t> find(std::string_view id, IdOf idOf) const
    {
        if (m_slots.empty())
            return std::nullopt;
        const std::uint32_t h = hash(id);
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = h & mask;; i = (i + 1) & mask) {
            const std::uint64_t s = m_slots[i];
            if (s == 0)
                return std::nullopt;
            if (std::uint32_t(s >> 32) == h && idOf(std::uint32_t(s) - 1) == id)
                return std::uint32_t(s) - 1;
        }
    }

    // Removes the entry of `id` if it holds `pos`. False if it does not (a stale index, or a
    // duplicate id whose first entry is another): the caller rebuilds instead.
    template <class IdOf>
    bool erase(std::string_view id, std::uint32_t pos, IdOf idOf)
    {
        if (m_slots.empty())
            return false;
        const std::uint32_t h = hash(id);
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = h & mask;; i = (i + 1) & mask) {
            const std::uint64_t s = m_slots[i];
            if (s == 0)
                return false;
            if (std::uint32_t(s >> 32) == h && idOf(std::uint32_t(s) - 1) == id) {
                if (std::uint32_t(s) - 1 != pos)
                    return false;
                eraseSlot(m_slots, i, [](std::uint64_t e) { return std::size_t(e >> 32); });
                --m_size;
                return true;
            }
        }
    }
    // Moves every entry to its new position, `to[old]` (the elements moved, their ids did not:
    // no entry changes its slot).
    void remap(const std::vector<std::uint32_t> &to)
    {
        for (std::uint64_t &s : m_slots)
            if (s != 0)
                s = (s & ~std::uint64_t(0xffffffffu)) | (std::uint64_t(to[std::uint32_t(s) - 1]) + 1);
    }

private:
    static std::uint32_t hash(std::string_view id)
    {
        const std::size_t h = std::hash<std::string_view>{}(id);
        return std::uint32_t(h ^ (h >> 32));
    }
    static std::size_t capacityFor(std::size_t n)
    {
        std::size_t c = 16;
        while (c < 2 * n)
            c *= 2;
        return c;
    }
    // Slots keep the hash, so growing needs no ids.
    void rehash(std::size_t capacity)
    {
        std::vector<std::uint64_t> old(capacity, 0);
        old.swap(m_slots);
        const std::size_t mask = capacity - 1;
        for (std::uint64_t s : old) {
            if (s == 0)
                continue;
            std::size_t i = std::size_t(s >> 32) & mask;
            while (m_slots[i] != 0)
                i = (i + 1) & mask;
            m_slots[i] = s;
        }
    }

    std::vector<std::uint64_t> m_slots;   // (hash << 32) | (position + 1); 0 = empty
    std::size_t m_size = 0;
};

} // namespace cplan
