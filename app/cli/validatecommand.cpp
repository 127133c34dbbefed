#include "cli/cli.h"
#include "cli/table.h"

#include "catalog/catalog.h"
#include "model/design.h"
#include "validate/validate.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace cplan::cli {

void addValidateCommand(CLI::App &root, Context &ctx)
{
    auto path = std::make_shared<std::string>();
    CLI::App *cmd = root.add_subcommand("validate", "Check a design against the design rules (exit 1 when it has errors)");
    cmd->add_option("design", *path, "Design file (*.cluster.yaml)")->required();
    cmd->callback([path, &ctx] {
        ctx.action = [path, &ctx]() -> int {
            auto design = loadDesign(ctx, *path);
            if (!design)
                return fail(design.error());
            const auto findings = validateDesign(*design, *catalog(ctx));
            int errors = 0, warnings = 0;
            for (const Finding &f : findings)
                errors += f.severity == Severity::Error, warnings += f.severity == Severity::Warning;
            if (ctx.json) {
                nlohmann::ordered_json j;
                j["design"] = *path;
                j["errors"] = nlohmann::json::array();
                j["warnings"] = nlohmann::json::array();
                j["notes"] = nlohmann::json::array();
                for (const Finding &f : findings) {
                    nlohmann::ordered_json item{{"code", f.code}, {"message", f.message}, {"objects", f.objects}};
                    j[f.severity == Severity::Error ? "errors" : f.severity == Severity::Warning ? "warnings" : "notes"].push_back(item);
                }
                j["ok"] = errors == 0;
                std::cout << j.dump(2) << '\n';
            } else {
                if (!findings.empty()) {
                    Table t({"severity", "code", "message"});
                    for (const Finding &f : findings)
                        t.addRow({toString(f.severity), f.code, f.message});
                    t.print(std::cout);
                }
                std::cout << *path << ": " << errors << " error(s), " << warnings << " warning(s); " << design->nodes.size()
                          << " nodes, " << design->links.size() << " links\n";
            }
            return errors ? ExitDesignErrors : ExitOk;
        };
    });
}

} // namespace cplan::cli
