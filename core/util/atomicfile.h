#pragma once

#include "util/error.h"

#include <string>
#include <string_view>

namespace cplan {

// Writes `contents` to `path` atomically: a temporary file in the same folder, fsync, rename.
// The previous file stays whole if anything fails (or the process dies) before the rename.
Status writeFileAtomically(const std::string &path, std::string_view contents);

// Reads a whole file; errors name the file.
Result<std::string> readFile(const std::string &path, std::size_t maxBytes = std::size_t(1) << 30);

} // namespace cplan
