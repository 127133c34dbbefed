#pragma once

// The bottleneck tier of a traffic run (core/analysis/tierload.h) in the interface language:
// the window's heatmap caption and the report's utilization chart say it alike.

#include <QList>
#include <QPair>
#include <QString>

#include <string>

namespace cplan {

struct LinkTierLoad;

// "leaf-spine links (mean 98 %, busiest 100 %)"; tiers loaded alike: "node-leaf and leaf-spine
// links alike (mean 100 %): the servers' own links are the limit"; empty when nothing was carried.
QString bottleneckText(const LinkTierLoad &load);

// The heatmap's traffic patterns as the View menu lists them: (name, engine pattern), "Off"
// (no pattern) first. The menu, the legend and the report name a pattern alike.
QList<QPair<QString, QString>> heatmapPatterns();
// A pattern's name ("Shift by one (ring)" for "shift:1"); one not listed keeps its engine name.
QString patternName(const QString &pattern);
QString patternName(const std::string &pattern);

} // namespace cplan
