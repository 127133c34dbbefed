#include "metrictips.h"

#include "cost/coverage.h"
#include "routing/metrics.h"

#include <QLocale>

namespace cplan {

QString MetricToolTips::forId(const QString &id)
{
    const QString lowerBound = tr("A value with ≥ is a lower bound: parts without a price, power or rack units in the "
                                  "catalog count as zero (the BOM lists them).");
    // The rule of cost/coverage.h, for the cost figures.
    const QString priced = lowerBound + QLatin1Char(' ') +
                           tr("A cost figure with fewer than %1 % of its BOM lines priced and a server or switch without a "
                              "price shows as unknown, with how many lines have a price: a line without a price has no "
                              "value to estimate, and the rest alone would understate the total. Servers and switches are "
                              "most of a cluster's price: with all of them priced the figure is a lower bound.")
                               .arg(qRound(kMinPricedLineShare * 100));
    if (id == QLatin1String("gpus"))
        return tr("GPUs in the servers. Management appliances carry none.");
    if (id == QLatin1String("switches"))
        return tr("Switches by tier: leaf (servers below), spine, core.");
    if (id == QLatin1String("bisection_gbps"))
        return tr("The most the first half of the endpoints (leaf by leaf, in the fabric's order) can send to the other half "
                  "at once, one way, over the cables as routed. A non-blocking fabric reaches all that the half can inject.");
    if (id == QLatin1String("oversubscription"))
        return tr("Per tier: the capacity down towards the servers divided by the capacity up. 1:1 is non-blocking; 2:1 "
                  "means the uplinks carry at most half of what the servers below can send.") +
               QLatin1Char(' ') +
               tr("It counts every switch of the tier as cabled, so leaves with fewer servers than the others (a unit's "
                  "last ones) bring it below the Blocking row, which is per leaf as the generator built it.");
    if (id == QLatin1String("blocking"))
        return tr("The leaf blocking the generator was asked for (File ▸ New fat-tree fabric, cplan generate --blocking) "
                  "against the down and up ports it gave each leaf, and why they differ: ports are whole and uplinks "
                  "split evenly over the spines. Kept in the design file; after the leaves are edited it says so. The "
                  "Oversubscription row is measured over all leaves as cabled, so it can be a little lower.");
    if (id == QLatin1String("capex"))
        return tr("Catalog prices (list or estimated) times quantities; no discount, support or installation.") + QLatin1Char('\n') + priced;
    if (id == QLatin1String("cost_per_gpu"))
        return tr("The quote's total over the GPUs: catalog prices times quantities, plus the design's spares on cables and "
                  "optics, less its discount (File ▸ Design settings); the figure of the report and the BOM workbook.") +
               QLatin1Char('\n') + priced;
    if (id == QLatin1String("price_coverage"))
        return tr("BOM lines with a known price, and how much of the priced value comes from a quote or price list (your "
                  "price book, a vendor's list) rather than an estimate. A line without a price has no value to count: "
                  "type one in the Bill of materials dock or use File ▸ Import price list.");
    if (id == QLatin1String("power_w"))
        return tr("Maximum (nameplate) power of servers, switches and optics from the catalog; cables draw none.") + QLatin1Char('\n') + lowerBound;
    if (id == QLatin1String("rack_units"))
        return tr("Rack units of servers, switches and appliances; no patch panels or spacing.") + QLatin1Char('\n') + lowerBound;
    if (id == QLatin1String("tco"))
        return tr("CAPEX plus energy over the TCO period at the design's electricity price and PUE (File ▸ Design settings); "
                  "no staff, space or maintenance.") + QLatin1Char('\n') + priced;
    if (id == QLatin1String("latency_p50_ns"))
        return tr("Over sampled endpoint pairs: switch and adapter latencies along the route (the catalog's, or assumed: "
                  "%1 ns a switch, %2 ns an adapter) plus %3 ns per metre of cable (%4 m when unknown). The fabric's share "
                  "only, no software.")
            .arg(kAssumedSwitchLatencyNs)
            .arg(kAssumedHcaLatencyNs)
            .arg(kCableNsPerMetre)
            .arg(kAssumedCableLengthM);
    if (id == QLatin1String("completion_s"))
        return tr("When the last flow of the traffic pattern finishes in the max-min fair flow model over the routes; no "
                  "congestion control, adaptive routing or message overheads.");
    if (id == QLatin1String("max_link_utilization"))
        return tr("The busiest link's busy share of the run under the heatmap's traffic pattern.");
    if (id == QLatin1String("mean_busy_link_utilization"))
        return tr("The average busy share over the links that carry any of the pattern's traffic; idle links are left out.");
    if (id == QLatin1String("flows_simulated_by"))
        return tr("A pattern with more flows than the analysis may hold (all-to-all over thousands of endpoints) is "
                  "simulated by route classes: flows and links that the fabric and the pattern make alike are taken "
                  "together. On a symmetric fabric this is exact; otherwise it spreads each class's flows evenly over "
                  "its links, and the figure says how uneven those links really are.");
    if (id == QLatin1String("lost_to_failures"))
        return tr("Endpoints the failures cut off from the fabric, and the bisection bandwidth the failed cables and "
                  "switches take away.");
    if (id == QLatin1String("racks"))
        return tr("Racks in the design and the highest nameplate power of one rack (the sum of its devices' maximum "
                  "power from the catalog). The Racks dock shows each rack's elevation.") + QLatin1Char('\n') + lowerBound;
    if (id == QLatin1String("racks_over_budget"))
        return tr("Racks whose devices exceed a budget of the rack or the site: rack units, power, cooling or weight.");
    if (id == QLatin1String("problems"))
        return tr("Errors and warnings of the design rules, and with failures what the failures add (the Problems dock lists them).");
    return {};
}

} // namespace cplan
