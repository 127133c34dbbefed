#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace cplan {

// Open-addressing hash indices for Design's lookups. Built in one pass without an allocation
// per entry: a 300,000-link design reindexes in tens of milliseconds (with std::unordered_map,
// a third of a second on the GUI thread after every edit that adds or removes something).
// Insert keeps the first entry for a key, as emplace did.

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

// A 64-bit key (never ~0) -> a 32-bit value.
class KeyIndex
{
public:
    void clear()
    {
        m_slots.assign(m_slots.empty() ? 0 : 16, Slot{});
        m_size = 0;
    }
    void reserve(std::size_t n)
    {
        if (2 * n > m_slots.size())
            rehash(capacityFor(n));
    }
    void insert(std::uint64_t key, std::uint32_t value)
    {
        if (2 * (m_size + 1) > m_slots.size())
            rehash(capacityFor(m_size + 1));
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = mix(key) & mask;; i = (i + 1) & mask) {
            if (m_slots[i].key == kEmpty) {
                m_slots[i] = Slot{key, value};
                ++m_size;
                return;
            }
            if (m_slots[i].key == key)
                return;
        }
    }
    std::optional<std::uint32_t> find(std::uint64_t key) const
    {
        if (m_slots.empty())
            return std::nullopt;
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = mix(key) & mask;; i = (i + 1) & mask) {
            if (m_slots[i].key == kEmpty)
                return std::nullopt;
            if (m_slots[i].key == key)
                return m_slots[i].value;
        }
    }

private:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t(0);
    struct Slot
    {
        std::uint64_t key = kEmpty;
        std::uint32_t value = 0;
    };
    static std::size_t mix(std::uint64_t k)
    {
        k ^= k >> 33;
        k *= 0xff51afd7ed558ccdULL;
        k ^= k >> 33;
        return std::size_t(k);
    }
    static std::size_t capacityFor(std::size_t n)
    {
        std::size_t c = 16;
        while (c < 2 * n)
            c *= 2;
        return c;
    }
    void rehash(std::size_t capacity)
    {
        std::vector<Slot> old(capacity);
        old.swap(m_slots);
        const std::size_t mask = capacity - 1;
        for (const Slot &s : old) {
            if (s.key == kEmpty)
                continue;
            std::size_t i = mix(s.key) & mask;
            while (m_slots[i].key != kEmpty)
                i = (i + 1) & mask;
            m_slots[i] = s;
        }
    }

    std::vector<Slot> m_slots;
    std::size_t m_size = 0;
};

} // namespace cplan
