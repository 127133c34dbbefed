#include "io/ibmodels.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace cplan {

namespace {

struct DeviceRow
{
    unsigned first, last;
    const char *family;
    bool isSwitch;
    double portGbps;        // 0 = not sourced
    const char *speedName;
};

// Device ids as ibnetdiscover prints them (`devid=`). Sources:
// - switches: rdma-core infiniband-diags/vendstat.c (0xc738-0xc73b Switch-X, 0xcb20 Switch-IB,
//   0xcf08 Switch-IB2, 0xd2f0 Quantum); 0xd2f2 Quantum-2 and 0xcf09 (the SHARP aggregation
//   node) from NVIDIA/topograph's published NDR dump (MQM9701 switches); InfiniScale chips by
//   their "MTnnnnn" default descriptions, whose number is the device id (0xa87c = MT43132,
//   0xb924 = MT47396, 0xbd34-0xbd36 = MT48436-MT48438);
// - adapters: rdma-core providers/mthca, mlx4 and mlx5 PCI tables (device id and name; the
//   mlx4 table gives the ConnectX (MT25408) speeds);
// - generation speeds only where ../shared/reference/hardware.md names them: Switch-IB 2 EDR
//   (SB7800), Quantum HDR (QM8700), Quantum-2 NDR (QM9700), ConnectX-6 HDR, ConnectX-7 NDR,
//   ConnectX-8 XDR, BlueField-3 400 Gb/s. Elsewhere the import takes the links it sees.
constexpr DeviceRow kDevices[] = {
    {0xa87c, 0xa87c, "InfiniScale III (MT43132)", true, 0, ""},
    {0xb924, 0xb924, "InfiniScale III (MT47396)", true, 0, ""},
    {0xbd34, 0xbd36, "InfiniScale IV", true, 0, ""},
    {0xc738, 0xc73b, "SwitchX", true, 0, ""},
    {0xcb20, 0xcb20, "Switch-IB", true, 0, ""},
    {0xcf08, 0xcf08, "Switch-IB 2", true, 100, "EDR"},
    {0xd2f0, 0xd2f0, "Quantum", true, 200, "HDR"},
    {0xd2f2, 0xd2f2, "Quantum-2", true, 400, "NDR"},
    {0x5a44, 0x5a44, "InfiniHost (MT23108)", false, 0, ""},
    {0x6278, 0x6278, "InfiniHost III Ex (MT25208)", false, 0, ""},
    {0x6282, 0x6282, "InfiniHost III Ex (MT25218)", false, 0, ""},
    {0x5e8c, 0x5e8c, "InfiniHost III Lx (MT24204)", false, 0, ""},
    {0x6274, 0x6274, "InfiniHost III Lx (MT25204)", false, 0, ""},
    {0x6340, 0x6340, "ConnectX (MT25408)", false, 10, "SDR"},
    {0x634a, 0x634a, "ConnectX (MT25418)", false, 20, "DDR"},
    {0x6354, 0x6354, "ConnectX (MT25428)", false, 40, "QDR"},
    {0x6732, 0x6732, "ConnectX (MT26418)", false, 20, "DDR"},
    {0x673c, 0x673c, "ConnectX (MT26428)", false, 40, "QDR"},
    {0x1003, 0x1003, "ConnectX-3", false, 0, ""},
    {0x1007, 0x1007, "ConnectX-3 Pro (MT27520)", false, 0, ""},
    {0x1011, 0x1011, "Connect-IB", false, 0, ""},
    {0x1013, 0x1013, "ConnectX-4", false, 0, ""},
    {0x1015, 0x1015, "ConnectX-4 Lx", false, 0, ""},
    {0x1017, 0x1017, "ConnectX-5", false, 0, ""},
    {0x1019, 0x1019, "ConnectX-5 Ex", false, 0, ""},
    {0x101b, 0x101b, "ConnectX-6", false, 200, "HDR"},
    {0x101d, 0x101d, "ConnectX-6 Dx", false, 0, ""},
    {0x101f, 0x101f, "ConnectX-6 Lx", false, 0, ""},
    {0x1021, 0x1021, "ConnectX-7", false, 400, "NDR"},
    {0x1023, 0x1023, "ConnectX-8", false, 800, "XDR"},
    {0x1025, 0x1025, "ConnectX-9", false, 0, ""},
    {0xa2d2, 0xa2d2, "BlueField", false, 0, ""},
    {0xa2d6, 0xa2d6, "BlueField-2", false, 0, ""},
    {0xa2dc, 0xa2dc, "BlueField-3", false, 400, "NDR"},
    {0xa2df, 0xa2df, "BlueField-4", false, 0, ""},
};

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> words(std::string_view s, std::string_view separators = " \t")
{
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && separators.find(s[i]) != std::string_view::npos)
            ++i;
        const std::size_t start = i;
        while (i < s.size() && separators.find(s[i]) == std::string_view::npos)
            ++i;
        if (i > start)
            out.push_back(s.substr(start, i - start));
    }
    return out;
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

bool containsNoCase(std::string_view s, std::string_view part)
{
    auto it = std::search(s.begin(), s.end(), part.begin(), part.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
    return it != s.end();
}

int digitCount(std::string_view s)
{
    return int(std::count_if(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }));
}

bool hasLetter(std::string_view s)
{
    return std::any_of(s.begin(), s.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
}

// A product number: letters, an optional hyphen, then at least three digits and perhaps a
// letter ("SX6036", "ISR9024", "MQM9701", "CS7500", "IS5030", "MT43132", "Q3400").
bool isModelNumber(std::string_view w)
{
    std::size_t i = 0;
    while (i < w.size() && std::isalpha(static_cast<unsigned char>(w[i])))
        ++i;
    if (i == 0 || i > 4)
        return false;
    if (i < w.size() && w[i] == '-')
        ++i;
    const std::size_t digits = i;
    while (i < w.size() && std::isdigit(static_cast<unsigned char>(w[i])))
        ++i;
    if (i - digits < 3)
        return false;
    return i == w.size() || (i + 1 == w.size() && std::isalpha(static_cast<unsigned char>(w[i])));
}

// Vendors whose switches describe themselves as "<vendor> <model>" ("Voltaire 4036").
bool isVendorWord(std::string_view w)
{
    for (std::string_view v : {"Voltaire", "QLogic", "Sun", "Intel", "Mellanox", "SilverStorm", "Topspin", "Cisco"})
        if (w == v)
            return true;
    return false;
}

// Chip families switches name themselves after when nobody gave them a name.
bool isFamilyWord(std::string_view w)
{
    return containsNoCase(w, "quantum") || containsNoCase(w, "switchx") || containsNoCase(w, "switchib") ||
           containsNoCase(w, "switch-ib") || containsNoCase(w, "infiniscale");
}

std::string modelIn(std::string_view d, bool &number)
{
    const auto ws = words(d);
    for (std::size_t i = 0; i < ws.size(); ++i) {
        if (isVendorWord(ws[i]) && i + 1 < ws.size()) {
            // "Voltaire 4036", "QLogic 12800", "Sun DCS 36": the vendor and the words up to the
            // first one with a digit.
            for (std::size_t j = i + 1; j < ws.size() && j <= i + 3; ++j)
                if (digitCount(ws[j]) > 0) {
                    number = true;
                    std::string m(ws[i]);
                    for (std::size_t k = i + 1; k <= j; ++k)
                        m += " " + std::string(ws[k]);
                    return m;
                }
        }
        if (isModelNumber(ws[i])) {
            number = true;
            return std::string(ws[i]);
        }
    }
    for (std::string_view w : ws)
        if (isFamilyWord(w)) {
            number = false;
            return std::string(w);
        }
    number = false;
    return {};
}

std::string normalizedWord(std::string_view w)
{
    std::string out;
    for (char c : w)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += char(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

} // namespace

std::optional<IbDevice> ibDeviceById(unsigned deviceId)
{
    for (const DeviceRow &r : kDevices)
        if (deviceId >= r.first && deviceId <= r.last) {
            IbDevice d{r.family, r.isSwitch, std::nullopt, r.speedName, false};
            if (r.portGbps > 0)
                d.portGbps = r.portGbps;
            return d;
        }
    if (deviceId == 0xcf09)
        return IbDevice{"SHARP aggregation node", false, std::nullopt, "", true};
    return std::nullopt;
}

std::string ibVendorName(unsigned vendorId)
{
    // IEEE OUIs as InfiniBand vendor ids.
    switch (vendorId) {
    case 0x0002c9: return "Mellanox";
    case 0x0008f1: return "Voltaire";
    case 0x00066a: return "QLogic";
    case 0x00144f: return "Sun";
    case 0x00119f: return "Bull";
    default: return {};
    }
}

SwitchDescription readSwitchDescription(std::string_view description)
{
    SwitchDescription out;
    const std::string_view d = trim(description);
    if (d.substr(0, 4) == "MF0;") {
        // Mellanox managed switches: "MF0;<hostname>:<part number>/<unit>".
        std::string_view rest = d.substr(4);
        const std::size_t colon = rest.find(':');
        out.name = std::string(trim(rest.substr(0, colon)));
        if (colon != std::string_view::npos) {
            std::string_view model = rest.substr(colon + 1);
            model = trim(model.substr(0, model.find('/')));
            out.model = std::string(model);
            out.modelNumber = digitCount(model) > 0 && hasLetter(model);
        }
        out.isDefault = out.name.empty();
        return out;
    }
    std::string_view named = d;
    if (const std::size_t hash = d.find(" # "); hash != std::string_view::npos) {
        // Voltaire: "Voltaire 4036 # <hostname>".
        out.name = std::string(trim(d.substr(hash + 3)));
        named = d.substr(0, hash);
    }
    // One word is a name people gave ("sw1234", "leaf01"), not a model.
    if (words(named).size() >= 2 || !out.name.empty())
        out.model = modelIn(named, out.modelNumber);
    if (!out.name.empty())
        return out;
    // What is left once the model and vendor words are gone: a name people gave, or nothing.
    std::string rest;
    for (std::string_view w : words(named))
        if (!contains(out.model, w) && !isVendorWord(w) && w != "Technologies" && w != "-" && w != "switch" && w != "Switch" &&
            !(digitCount(w) == 0 && (w == "SDR" || w == "DDR" || w == "QDR" || w == "FDR" || w == "EDR" || w == "HDR" || w == "NDR")))
            rest += (rest.empty() ? "" : " ") + std::string(w);
    out.isDefault = d.empty() || contains(d, "Mellanox Technologies") || containsNoCase(d, "localhost") || rest.empty();
    if (!out.isDefault)
        out.name = std::string(d);
    return out;
}

bool isAggregationNodeDescription(std::string_view description)
{
    return contains(description, "Aggregation Node");
}

HcaDescription readHcaDescription(std::string_view description)
{
    HcaDescription out;
    const std::string_view d = trim(description);
    const auto ws = words(d);
    if (!ws.empty() && ws[0].size() > 2 && ws[0].substr(0, 2) == "MT" && digitCount(ws[0]) == int(ws[0].size()) - 2 &&
        ws[0].size() <= 8) {
        unsigned v = 0;
        for (char c : ws[0].substr(2))
            v = v * 10 + unsigned(c - '0');
        out.deviceId = v;
    }
    std::string_view host = d;
    if (ws.size() >= 2) {
        const std::string_view dev = ws.back();
        int index = -1;
        if (dev.size() > 4 && dev.substr(0, 4) == "HCA-" && digitCount(dev) == int(dev.size()) - 4) {
            index = 0;
            for (char c : dev.substr(4))
                index = std::min(index * 10 + (c - '0'), 100000);
        } else if (std::isalpha(static_cast<unsigned char>(dev[0]))) {
            // Linux RDMA device names: mlx5_3, mlx4_0, mthca0, qib0, hfi1_0 (numbered from 0).
            std::size_t end = dev.size();
            while (end > 0 && std::isdigit(static_cast<unsigned char>(dev[end - 1])))
                --end;
            const std::string_view stem = dev.substr(0, end);
            if (end < dev.size() && end > 0 && dev.size() - end <= 5 &&
                (stem.back() == '_' || stem == "mthca" || stem == "qib" || stem == "irdma" || stem == "hfi" || stem == "ipath")) {
                int n = 0;
                for (char c : dev.substr(end))
                    n = n * 10 + (c - '0');
                index = n + 1;
            }
        }
        if (index >= 0) {
            out.index = index;
            host = trim(d.substr(0, std::size_t(dev.data() - d.data())));
        }
    }
    const bool isDefault = host.empty() || contains(d, "Mellanox Technologies") || out.deviceId.has_value() ||
                           host == "localhost" || host == "(none)" || isAggregationNodeDescription(d);
    if (!isDefault)
        out.host = std::string(host);
    return out;
}

bool sameModel(std::string_view found, std::string_view catalog)
{
    std::vector<std::string> have;
    for (std::string_view w : words(catalog, " \t,()/"))
        have.push_back(normalizedWord(w));
    bool number = false;
    bool any = false;
    for (std::string_view w : words(found, " \t,()/")) {
        std::string n = normalizedWord(w);
        // Mellanox part numbers carry an "M": MQM9701, MSB7800, MSX6036, MCS7500.
        if (n.size() > 3 && n[0] == 'M' && n[1] != 'T' && std::isalpha(static_cast<unsigned char>(n[1])))
            if (std::find(have.begin(), have.end(), n) == have.end())
                n.erase(0, 1);
        if (n.empty())
            continue;
        any = true;
        number = number || (digitCount(n) > 0 && hasLetter(n));
        if (std::find(have.begin(), have.end(), n) == have.end())
            return false;
    }
    return any && number;
}

} // namespace cplan
