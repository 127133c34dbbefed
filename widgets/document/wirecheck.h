#pragma once

#include "model/design.h"

#include <QCoreApplication>
#include <QStringList>

#include <optional>
#include <string>

namespace cplan {

class Catalog;

// The verdict on wiring two ports, shown while the user drags (and checked before AddLinks):
// the link rules of core (validate/linkrules.h) on the link that would be made, with the cable
// the catalog offers for the assumed run.
struct WireCheck
{
    Q_DECLARE_TR_FUNCTIONS(cplan::WireCheck)

public:
    bool ok = false;               // no errors (warnings allowed)
    QStringList errors;            // port in use, same node, no cable reaches, bad port
    QStringList warnings;          // speed mismatch, adapter to adapter
    double speedGbps = 0;          // the speed the link would run at (0 = unknown)
    std::string cable;             // the cable part the catalog picks
    std::optional<double> lengthM; // the run length assumed for it
};

// The run a new cable is assumed to take: same rack, same group (row) or across the hall. The
// generator assumes the same kind of runs; the user can still change the cable afterwards.
// checkWire() assumes it only for a link unlike any other: a link from one of its nodes to
// another node of the same part as its other end lends its cable and length.
double assumedRunM(const Node &a, const Node &b);

// Checks a link between port `portA` of node `a` and port `portB` of node `b` (ids).
WireCheck checkWire(const Design &design, const Catalog &catalog, const std::string &a, int portA, const std::string &b,
                    int portB);

// The node's HCA list with one more `hcaPart` (core's hcasAfterAdding, validate/noderules.h),
// as the SetNodeProperty command takes it.
std::optional<QStringList> hcasWithOneMore(const Node &node, const Catalog &catalog, const std::string &hcaPart);

} // namespace cplan
