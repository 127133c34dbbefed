#pragma once

// Printable cable labels: one per physical cable (export/cableplan.h), with both ends (rack, U,
// device, port) and a QR code of the cable id, so that the as-built check can scan it back.
// The QR code comes from libqrencode (Debian: libqrencode-dev); drawing the sheet of labels is
// the front end's (app/report/physicaldraw.h).

#include <cstdint>
#include <string>
#include <vector>

namespace cplan {

struct CablePlanRow;

struct QrCode
{
    int size = 0;                      // modules per side; 0 = could not encode
    std::vector<std::uint8_t> modules; // size * size, row by row, 1 = dark
    bool dark(int x, int y) const { return modules[std::size_t(y) * std::size_t(size) + std::size_t(x)] != 0; }
};

// The QR code of `text` (8-bit mode, error correction level M, smallest version that holds it).
QrCode qrEncode(const std::string &text);

struct CableLabel
{
    std::string cableId;              // what the QR code holds
    std::string label;                // the plan's label text
    std::vector<std::string> aSide;   // one line per device at the A end: "gpu001 HCA-1/1  su01-r01 U25"
    std::vector<std::string> zSide;
    std::string cable;                // "NVIDIA MCP4Y10 ..., 2 m; node-leaf"
    QrCode qr;
};

std::vector<CableLabel> cableLabels(const std::vector<CablePlanRow> &plan);

} // namespace cplan
