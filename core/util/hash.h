#pragma once

#include <cstdint>

namespace cplan {

// MurmurHash3's 64-bit finalizer: every input bit reaches every output bit. For hash tables
// and colour hashes over flat integer data (the flow simulator's path classes, route classes).
inline std::uint64_t mixBits(std::uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

} // namespace cplan
