#pragma once

// The built-in catalog, loaded once per fuzzing process.
#include "catalog/catalog.h"

#include <cstdio>
#include <cstdlib>

inline const cplan::Catalog &fuzzCatalog()
{
    static const cplan::Catalog c = [] {
        auto loaded = cplan::Catalog::loadDirectory(cplan::Catalog::builtinDirectory());
        if (!loaded) {
            std::fprintf(stderr, "%s\n", loaded.error().toString().c_str());
            std::abort();
        }
        return std::move(*loaded);
    }();
    return c;
}
