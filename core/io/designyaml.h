#pragma once

#include "model/design.h"
#include "util/error.h"

#include <cstddef>
#include <string>

namespace cplan {

class Catalog;

// The design file format, `format: cluster-planner/N`: the newest this version reads. Version 2
// added racks and U positions, version 3 planes (a node's `plane`), version 4 MTUs (the
// settings' and a node's `mtu`), version 5 the generator's record (io/generatorrecord.h); a
// design is written in the oldest version that holds it, so older files load -> save
// byte-identically.
inline constexpr int kDesignFormatVersion = 5;
// Planes a design file may declare.
inline constexpr int kMaxPlanesInFile = 1024;
// Nodes and links a design file may hold: far above any real cluster (102,400 GPUs in 8 planes
// is about 40,000 nodes), they keep absurd inputs from eating the machine. Importers refuse a
// fabric over them rather than save a design that would not open.
inline constexpr std::size_t kMaxDesignNodes = 2'000'000;
inline constexpr std::size_t kMaxDesignLinks = 8'000'000;

// Parses a design. `fileName` is only used in error messages. Errors name the line and column
// of the offending YAML node. With a catalog, the parts must be in it and every link must be
// able to exist (the structural link rules of validate/linkrules.h: ports there and free, a
// known cable); the other rules are the validator's. Without a catalog only the structure is
// checked (every reference names a node, ports count from 1): the design as written, for
// the validator to report on.
Result<Design> parseDesign(const std::string &text, const std::string &fileName, const Catalog *catalog);
Result<Design> loadDesign(const std::string &path, const Catalog *catalog);

// Writes a design in the stable layout: fixed key order, one flow map per node and link, so
// that load -> save is byte-identical and diffs stay small.
std::string serializeDesign(const Design &design);
// Atomic: a temporary file, fsync, rename. The previous file survives any failure.
Status saveDesign(const Design &design, const std::string &path);

} // namespace cplan
