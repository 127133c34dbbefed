#include "export/labels.h"

#include "export/cableplan.h"
#include "util/strings.h"

#include <qrencode.h>

#include <map>

namespace cplan {

QrCode qrEncode(const std::string &text)
{
    QrCode out;
    QRcode *code = QRcode_encodeString8bit(text.c_str(), 0, QR_ECLEVEL_M);
    if (!code)
        return out;
    out.size = code->width;
    out.modules.resize(std::size_t(code->width) * std::size_t(code->width));
    for (std::size_t i = 0; i < out.modules.size(); ++i)
        out.modules[i] = code->data[i] & 1;   // bit 0: dark module (qrencode.h)
    QRcode_free(code);
    return out;
}

namespace {

// One line per device of a cable end: its ports, rack and U.
std::vector<std::string> endLines(const CableEnd &end)
{
    std::vector<std::string> lines;
    std::map<std::string, std::size_t> byDevice;
    for (const CablePort &p : end.ports) {
        auto it = byDevice.find(p.nodeId);
        if (it == byDevice.end()) {
            std::string where = p.rack.empty() ? std::string() : "  " + p.rack;
            if (p.u)
                where += (where.empty() ? "  U" : " U") + std::to_string(*p.u);
            byDevice.emplace(p.nodeId, lines.size());
            lines.push_back(p.device + " " + p.portLabel + where);
        } else {
            // Another port of the same device (a twin-port cage): "17/1+17/2".
            std::string &line = lines[it->second];
            const auto space = line.find(' ', p.device.size() + 1);
            line.insert(space == std::string::npos ? line.size() : space, "+" + p.portLabel);
        }
    }
    return lines;
}

} // namespace

std::vector<CableLabel> cableLabels(const std::vector<CablePlanRow> &plan)
{
    std::vector<CableLabel> labels;
    labels.reserve(plan.size());
    for (const CablePlanRow &r : plan) {
        CableLabel l;
        l.cableId = r.cableId;
        l.label = r.label;
        l.aSide = endLines(r.from);
        l.zSide = endLines(r.to);
        l.cable = r.cableDescription.empty() ? r.cablePart : r.cableDescription;
        if (r.lengthM && r.cableDescription.find(formatDouble(*r.lengthM) + " m") == std::string::npos)
            l.cable += ", " + formatDouble(*r.lengthM) + " m";
        l.cable += (l.cable.empty() ? "" : "; ") + r.tier;
        l.qr = qrEncode(r.cableId);
        labels.push_back(std::move(l));
    }
    return labels;
}

} // namespace cplan
