#pragma once

#include <compare>
#include <cstdint>
#include <functional>
#include <limits>

namespace cplan {

// A strong index: an Id<NodeTag> cannot be passed where an Id<LinkTag> is expected.
template<class Tag>
struct Id
{
    static constexpr std::uint32_t invalidValue = std::numeric_limits<std::uint32_t>::max();
    std::uint32_t value = invalidValue;

    constexpr Id() = default;
    constexpr explicit Id(std::uint32_t v) : value(v) {}
    constexpr bool valid() const { return value != invalidValue; }
    constexpr auto operator<=>(const Id &) const = default;
};

using NodeId = Id<struct NodeTag>;
using LinkId = Id<struct LinkTag>;

// A port of a node: node index plus 1-based port number.
struct PortRef
{
    NodeId node;
    int port = 0;
    constexpr auto operator<=>(const PortRef &) const = default;
};

} // namespace cplan

template<class Tag>
struct std::hash<cplan::Id<Tag>>
{
    std::size_t operator()(const cplan::Id<Tag> &id) const noexcept { return id.value; }
};
