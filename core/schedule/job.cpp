#include "schedule/job.h"

#include <array>
#include <cctype>

namespace cplan {

const char *toString(JobKind kind)
{
    return kind == JobKind::Inference ? "inference" : "training";
}

std::optional<JobKind> jobKindFromString(std::string_view text)
{
    std::string t;
    for (char c : text)
        t += char(std::tolower(static_cast<unsigned char>(c)));
    if (t == "training" || t == "train")
        return JobKind::Training;
    if (t == "inference" || t == "serving")
        return JobKind::Inference;
    return std::nullopt;
}

namespace {

// Round-number estimates: gradients in bf16 (2 bytes per parameter); compute per iteration
// on one H100-class GPU at a typical per-GPU batch.
constexpr std::array<ModelProfile, 5> kProfiles{{
    {"resnet50", 25.6e6, 2 * 25.6e6, 0.10},
    {"bert-large", 340e6, 2 * 340e6, 0.25},
    {"gpt2-xl", 1.5e9, 2 * 1.5e9, 0.60},
    {"llama-7b", 6.7e9, 2 * 6.7e9, 1.50},
    {"llama-13b", 13e9, 2 * 13e9, 2.80},
}};

} // namespace

const ModelProfile *modelProfile(std::string_view name)
{
    for (const ModelProfile &p : kProfiles)
        if (name == p.name)
            return &p;
    return nullptr;
}

std::vector<std::string> modelProfileNames()
{
    std::vector<std::string> out;
    for (const ModelProfile &p : kProfiles)
        out.emplace_back(p.name);
    return out;
}

} // namespace cplan
