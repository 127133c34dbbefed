#include "nccl/traffic.h"

#include <algorithm>

namespace cplan::nccl {

namespace {

void addTree(std::vector<Demand> &out, const GpuSet &s, double bytes, bool reversed)
{
    auto server = [&](std::uint32_t i) { return reversed ? s.servers - 1 - i : i; };
    for (std::uint32_t rail = 0; rail < s.rails; ++rail)
        for (std::uint32_t i = 1; i < s.servers; ++i) {
            const std::uint32_t child = s.endpoint(server(i), rail), parent = s.endpoint(server((i - 1) / 2), rail);
            out.push_back({child, parent, bytes});
            out.push_back({parent, child, bytes});
        }
}

} // namespace

std::vector<Demand> trafficDemands(TrafficShape shape, const GpuSet &s, double bytes)
{
    std::vector<Demand> out;
    if (s.servers < 2 || s.rails == 0)
        return out;
    out.reserve(trafficFlowCount(shape, s));
    switch (shape) {
    case TrafficShape::Ring:
        for (std::uint32_t rail = 0; rail < s.rails; ++rail)
            for (std::uint32_t srv = 0; srv < s.servers; ++srv)
                out.push_back({s.endpoint(srv, rail), s.endpoint((srv + 1) % s.servers, rail), bytes});
        break;
    case TrafficShape::Tree:
        addTree(out, s, bytes, false);
        addTree(out, s, bytes, true);
        break;
    case TrafficShape::AllToAll:
        for (std::uint32_t a = 0; a < s.servers; ++a)
            for (std::uint32_t b = 0; b < s.servers; ++b)
                if (a != b)
                    for (std::uint32_t rail = 0; rail < s.rails; ++rail)
                        out.push_back({s.endpoint(a, rail), s.endpoint(b, rail), bytes});
        break;
    }
    return out;
}

std::uint64_t trafficFlowCount(TrafficShape shape, const GpuSet &s)
{
    if (s.servers < 2 || s.rails == 0)
        return 0;
    const std::uint64_t n = s.servers, r = s.rails;
    switch (shape) {
    case TrafficShape::Ring: return n * r;
    case TrafficShape::Tree: return 4 * (n - 1) * r;
    case TrafficShape::AllToAll: return n * (n - 1) * r;
    }
    return 0;
}

double uncontendedTime(const std::vector<Demand> &demands, std::uint32_t endpoints, double lineRateBps)
{
    std::vector<double> sent(endpoints, 0.0), received(endpoints, 0.0);
    for (const Demand &d : demands) {
        if (d.src < endpoints)
            sent[d.src] += d.bytes;
        if (d.dst < endpoints)
            received[d.dst] += d.bytes;
    }
    double most = 0;
    for (std::uint32_t e = 0; e < endpoints; ++e)
        most = std::max({most, sent[e], received[e]});
    return lineRateBps > 0 ? most / lineRateBps : 0.0;
}

} // namespace cplan::nccl
