#pragma once

// The results store of a sweep: an SQLite file holding every evaluated point (its inputs, the
// design's hash, every figure computed, or why it was skipped), so that a rerun skips the points
// already done and several runs (threads, Slurm tasks) can be merged.
//
// Tables (ordered by the point id, so two stores with the same points list the same rows):
//   meta(name, value)                        format: cluster-planner-sweep-results/1
//   points(id, point, key, axes, design_hash, skipped, incomplete, asked)
//       id: 16 hex digits (SweepPoint::id); point: its index in the sweep that evaluated it;
//       key: the canonical inputs; axes: JSON object {axis: value}; skipped: NULL or the reason;
//       incomplete: comma-separated figures that are lower bounds; asked: the figures the
//       evaluation was asked for (a rerun asking for others evaluates the point again)
//   figures(id, name, value)                 one row per computed figure (sweep/figures.h)

#include "sweep/evaluate.h"
#include "util/error.h"

#include <memory>
#include <string>
#include <vector>

struct sqlite3;

namespace cplan {

inline constexpr const char *kSweepDbFormat = "cluster-planner-sweep-results/1";

class SweepDb
{
public:
    // Opens or creates the store. Errors name the file (not a sweep store, another format).
    static Result<SweepDb> open(const std::string &path);

    const std::string &path() const { return m_path; }

    // Writes results in one transaction; a point already stored (same id) is replaced.
    Status save(const std::vector<PointResult> &results);
    // Every stored point, ordered by id; `index` is the stored point index.
    Result<std::vector<PointResult>> load() const;
    // Adds the points of another store that this one lacks (idempotent; the other store may
    // still be written to). Returns how many were added.
    Result<std::size_t> merge(const std::string &otherPath);
    // The tables as text, rows ordered by id: equal for two stores holding the same points.
    Result<std::string> dump() const;

private:
    struct Closer
    {
        void operator()(sqlite3 *db) const;
    };
    SweepDb(std::string path, sqlite3 *db);
    std::string m_path;
    std::unique_ptr<sqlite3, Closer> m_db;
};

} // namespace cplan
