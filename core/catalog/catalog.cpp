#include "catalog/catalog.h"

#include "catalog/importedparts.h"
#include "catalog/userstore.h"
#include "util/atomicfile.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>

namespace cplan {

namespace fs = std::filesystem;

// --- loading --------------------------------------------------------------------------------

Result<Catalog> Catalog::loadDirectory(const std::string &dir)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return makeError(dir, 0, 0, "catalog folder not found");
    std::vector<fs::path> files;
    for (const auto &entry : fs::directory_iterator(dir, ec)) {
        const auto ext = entry.path().extension().string();
        if (entry.is_regular_file() && (ext == ".yaml" || ext == ".yml"))
            files.push_back(entry.path());
    }
    if (ec)
        return makeError(dir, 0, 0, "cannot list the catalog folder: " + ec.message());
    if (files.empty())
        return makeError(dir, 0, 0, "the catalog folder holds no *.yaml files");
    std::sort(files.begin(), files.end());

    Catalog catalog;
    for (const auto &f : files) {
        auto text = readFile(f.string());
        if (!text)
            return text.error();
        auto st = catalog.parseDocument(*text, f.string(), Merge::RejectDuplicates);
        if (!st)
            return st.error();
    }
    auto refs = catalog.checkReferences();
    if (!refs)
        return refs.error();
    return catalog;
}

Status Catalog::loadYaml(const std::string &text, const std::string &fileName)
{
    Catalog copy = *this;   // all or nothing: a failed reference check leaves *this alone
    auto st = copy.parseDocument(text, fileName, Merge::RejectDuplicates);
    if (!st)
        return st;
    auto refs = copy.checkReferences();
    if (!refs)
        return refs;
    *this = std::move(copy);
    return Ok{};
}

Status Catalog::overlayYaml(const std::string &text, const std::string &fileName)
{
    return parseDocument(text, fileName, Merge::Override);
}

Status Catalog::parseDocument(const std::string &text, const std::string &fileName, Merge merge)
{
    std::function<const PartOrigin *(const std::string &)> known;
    if (merge == Merge::RejectDuplicates)
        known = [this](const std::string &id) { return origin(id); };
    auto doc = readCatalogDocument(text, fileName, known);
    if (!doc)
        return doc.error();
    if (doc->defaultRack) {
        const PartOrigin &at = doc->defaultRackOrigin;
        if (merge == Merge::RejectDuplicates && !m_settings.defaultRack.empty())
            return makeError(at.file, at.line, at.column,
                             "the default rack is set twice (first at " + originText(m_settings.defaultRackOrigin) + ")");
        m_settings = CatalogSettings{*doc->defaultRack, at};
    }
    for (auto &[part, origin] : doc->parts)
        put(std::move(part), std::move(origin));
    return Ok{};
}

Status Catalog::checkReferences() const
{
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const Part &p = m_parts[i];
        if (p.kind != PartKind::GpuServer)
            continue;
        const PartOrigin &o = m_origins[i];
        auto check = [&](const std::string &ref, PartKind want, const char *key, int line, int column) -> Status {
            if (ref.empty())
                return Ok{};
            const Part *target = find(ref);
            if (!target)
                return makeError(o.file, line, column,
                                 "server '" + p.id + "' names " + key + " '" + ref + "', which is not in the catalog");
            if (target->kind != want)
                return makeError(o.file, line, column,
                                 "server '" + p.id + "' names " + key + " '" + ref + "', which is a "
                                     + toString(target->kind) + ", not a " + toString(want));
            return Ok{};
        };
        if (auto st = check(p.gpu, PartKind::Gpu, "gpu", o.gpuLine, o.gpuColumn); !st)
            return st;
        if (auto st = check(p.hca, PartKind::Hca, "hca", o.hcaLine, o.hcaColumn); !st)
            return st;
    }
    return checkSettings();
}

Status Catalog::checkSettings() const
{
    const std::string &id = m_settings.defaultRack;
    if (id.empty())
        return Ok{};
    const PartOrigin &o = m_settings.defaultRackOrigin;
    const Part *rack = find(id);
    if (!rack)
        return makeError(o.file, o.line, o.column, "the default rack '" + id + "' is not in the catalog");
    if (rack->kind != PartKind::Rack)
        return makeError(o.file, o.line, o.column, "the default rack '" + id + "' is a " + toString(rack->kind) + ", not a rack");
    return Ok{};
}

// --- lookups ---------------------------------------------------------------------------------

Catalog::Catalog() : m_imported(std::make_shared<ImportedParts>()) {}

const Part *Catalog::find(const std::string &id) const
{
    auto it = m_index.find(id);
    if (it != m_index.end())
        return &m_parts[it->second];
    return id.rfind(kImportedPartPrefix, 0) == 0 ? m_imported->find(id) : nullptr;
}

Status Catalog::addImportedPart(const Part &part) const
{
    if (!part.imported || part.id.rfind(kImportedPartPrefix, 0) != 0)
        return makeError({}, 0, 0, "part '" + part.id + "' is not an imported part (its id must start with '" +
                                       kImportedPartPrefix + "' and it must say 'imported: true')");
    return m_imported->add(part);
}

const PartOrigin *Catalog::origin(const std::string &id) const
{
    auto it = m_index.find(id);
    return it == m_index.end() ? nullptr : &m_origins[it->second];
}

std::vector<const Part *> Catalog::partsOfKind(PartKind kind) const
{
    std::vector<const Part *> out;
    for (const auto &p : m_parts) {
        if (p.kind == kind)
            out.push_back(&p);
    }
    return out;
}

const Part *Catalog::defaultRack() const
{
    const Part *rack = m_settings.defaultRack.empty() ? nullptr : find(m_settings.defaultRack);
    return rack && rack->kind == PartKind::Rack ? rack : nullptr;
}

const Part *Catalog::defaultManagementPart() const
{
    for (const Part &p : m_parts)
        if (p.management)
            return &p;
    return nullptr;
}

void Catalog::addOrReplace(Part part)
{
    put(std::move(part), PartOrigin{});
}

bool Catalog::overridePrice(const std::string &id, double unitPrice, const std::string &currency,
                            const std::string &priceSource, bool estimate)
{
    auto it = m_index.find(id);
    if (it == m_index.end())
        return false;
    Part &p = m_parts[it->second];
    p.unitPrice = unitPrice;
    p.currency = currency;
    p.priceSource = priceSource;
    p.priceEstimate = estimate;
    return true;
}

void Catalog::put(Part part, PartOrigin origin)
{
    auto it = m_index.find(part.id);
    if (it != m_index.end()) {
        m_parts[it->second] = std::move(part);
        m_origins[it->second] = std::move(origin);
        return;
    }
    m_index.emplace(part.id, m_parts.size());
    m_parts.push_back(std::move(part));
    m_origins.push_back(std::move(origin));
}

// --- where things live -------------------------------------------------------------------------

std::string Catalog::builtinDirectory()
{
    if (const char *env = std::getenv("CPLAN_CATALOG_DIR"); env && *env)
        return env;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path() / ".." / "share" / "cluster-planner" / "catalog";
        if (fs::is_directory(installed, ec))
            return fs::weakly_canonical(installed, ec).string();
    }
    return CPLAN_BUILTIN_CATALOG_DIR;
}

Result<Catalog> loadCatalog(const std::string &storePath)
{
    auto catalog = Catalog::loadDirectory(Catalog::builtinDirectory());
    if (!catalog)
        return catalog;
    const std::string path = storePath.empty() ? UserStore::defaultPath() : storePath;
    std::error_code ec;
    if (!fs::exists(path, ec))
        return catalog;   // nothing stored yet; the store is created on the first write
    auto store = UserStore::open(path);
    if (!store)
        return store.error();
    if (store->recoveredWarning())
        catalog->addLoadWarning(*store->recoveredWarning());
    if (auto st = store->applyTo(*catalog); !st)
        return st.error();
    if (auto st = catalog->checkReferences(); !st)
        return st.error();
    return catalog;
}

} // namespace cplan
