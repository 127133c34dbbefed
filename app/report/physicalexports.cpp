// `cplan export --format elevations|labels`: the physical plan drawn with Qt, offscreen.

#include "cli/cli.h"
#include "offscreen.h"
#include "physicaldraw.h"

namespace cplan::cli {

void addDrawnExports(CLI::App &, Context &ctx)
{
    ctx.drawnExports.push_back({"elevations", "rack elevations (PDF, or SVG when the output ends in .svg)",
                                [](const Design &design, const Catalog &catalog, const std::string &path) {
                                    const auto app = offscreenApplication();
                                    return writeRackElevations(design, catalog, path);
                                }});
    ctx.drawnExports.push_back({"labels", "printable cable labels with a QR code of the cable id (PDF)",
                                [](const Design &design, const Catalog &catalog, const std::string &path) {
                                    const auto app = offscreenApplication();
                                    return writeCableLabels(design, catalog, path);
                                }});
}

} // namespace cplan::cli
