// Reading the as-built side of a verification: a design file or ibnetdiscover output.
#include "verify/verify.h"

#include "io/designyaml.h"
#include "io/ibnetdiscover.h"
#include "util/atomicfile.h"
#include "util/strings.h"

namespace cplan {

namespace {

// A design file starts (after comments) with "format: cluster-planner/...".
bool looksLikeDesign(const std::string &text)
{
    LineReader reader{text};
    std::string_view line;
    while (reader.next(line)) {
        const std::string_view t = trim(line);
        if (t.empty() || t.front() == '#')
            continue;
        return t.rfind("format:", 0) == 0 || t.rfind("\xEF\xBB\xBF" "format:", 0) == 0;
    }
    return false;
}

} // namespace

Result<AsBuilt> parseAsBuilt(const std::string &text, const std::string &fileName, const Catalog &catalog)
{
    AsBuilt out;
    out.source = fileName;
    if (looksLikeDesign(text)) {
        auto design = parseDesign(text, fileName, &catalog);
        if (!design)
            return design.error();
        out.design = std::move(*design);
        return out;
    }
    auto imported = importIbnetdiscover(text, fileName, catalog);
    if (!imported)
        return imported.error();
    out.fromDump = true;
    out.design = std::move(imported->design);
    out.nodeGuids = std::move(imported->nodeGuids);
    for (const ImportNote &n : imported->notes)
        out.notes.push_back(n.text(fileName));
    return out;
}

Result<AsBuilt> loadAsBuilt(const std::string &path, const Catalog &catalog)
{
    auto text = readFile(path);
    if (!text)
        return text.error();
    return parseAsBuilt(*text, path, catalog);
}

} // namespace cplan
