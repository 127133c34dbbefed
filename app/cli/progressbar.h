#pragma once

#include <unistd.h>

#include <cstdio>
#include <string>

namespace cplan::cli {

// A progress bar on stderr, only when stderr is a terminal: "label [####      ]  40% suffix".
class ProgressBar
{
public:
    explicit ProgressBar(bool enabled, std::string label) : m_on(enabled && isatty(STDERR_FILENO)), m_label(std::move(label)) {}
    ~ProgressBar() { done(); }
    ProgressBar(const ProgressBar &) = delete;
    ProgressBar &operator=(const ProgressBar &) = delete;

    // share 0..1; `suffix` (e.g. "12/500 points, ETA 0:42") follows the percentage.
    void update(double share, const std::string &suffix = {})
    {
        if (!m_on)
            return;
        const int pct = int(share * 100);
        if (pct == m_last && suffix == m_suffix)
            return;
        m_last = pct;
        const int width = 30, filled = pct * width / 100;
        const std::size_t pad = m_suffix.size() > suffix.size() ? m_suffix.size() - suffix.size() : 0;
        m_suffix = suffix;
        std::fprintf(stderr, "\r%s [%s%s] %3d%%%s%s%s", m_label.c_str(), std::string(std::size_t(filled), '#').c_str(),
                     std::string(std::size_t(width - filled), ' ').c_str(), pct, suffix.empty() ? "" : " ", suffix.c_str(),
                     std::string(pad, ' ').c_str());
        std::fflush(stderr);
        m_shown = true;
    }
    void done()
    {
        if (m_on && m_shown) {
            std::fprintf(stderr, "\r%s\r", std::string(m_label.size() + 40 + m_suffix.size(), ' ').c_str());
            std::fflush(stderr);
        }
        m_shown = false;
    }

private:
    bool m_on;
    std::string m_label, m_suffix;
    int m_last = -1;
    bool m_shown = false;
};

} // namespace cplan::cli
