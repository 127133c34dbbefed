#include "util/message.h"

namespace cplan {

std::string fillTemplate(std::string_view format, const std::vector<std::string> &args)
{
    std::string out;
    out.reserve(format.size() + 16 * args.size());
    for (std::size_t i = 0; i < format.size(); ++i) {
        const char c = format[i];
        if (c == '%' && i + 1 < format.size() && format[i + 1] >= '1' && format[i + 1] <= '9') {
            const auto index = std::size_t(format[i + 1] - '1');
            if (index < args.size()) {
                out += args[index];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace cplan
