// Fuzzes the model file reader (parseModel) and what the step-time model does with what it
// accepts: a bad file must be an error with a message and a line, never a crash, a hang or a
// huge allocation; an accepted model must price a plan with finite figures.
#include "training/model.h"
#include "training/steptime.h"

#include <cmath>
#include <cstdlib>
#include <string_view>

using namespace cplan;
using namespace cplan::training;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    auto model = parseModel(text, "fuzz.yaml");
    if (!model) {
        if (model.error().message.empty() || model.error().file != "fuzz.yaml")
            std::abort();
        return 0;
    }
    const ModelSize s = modelSize(*model);
    if (!std::isfinite(s.total) || s.total <= 0 || s.active > s.total * (1 + 1e-9))
        std::abort();
    Plan p;
    p.seq = model->seqLen;
    p.globalBatch = 8;
    p.dp = 8;
    const Memory m = memoryPerGpu(*model, p);
    if (!std::isfinite(m.total()))
        std::abort();
    return 0;
}
