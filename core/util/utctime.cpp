#include "util/utctime.h"

#include <ctime>

namespace cplan {

namespace {

std::string formatNow(const char *format)
{
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, format, &tm);
    return buf;
}

} // namespace

std::string nowUtc()
{
    return formatNow("%Y-%m-%dT%H:%M:%SZ");
}

std::string todayUtc()
{
    return formatNow("%Y-%m-%d");
}

} // namespace cplan
