// Reads the cells of one worksheet of an .xlsx workbook: the zip through minizip, the parts'
// XML through expat (Debian: libminizip-dev, libexpat1-dev). Only what a price quote needs:
// the sheet list, shared strings, the number formats that make a number a date, and the
// sheet's cell values. No formulas are evaluated (their cached result is read).
#include "io/xlsxreader.h"

#include "util/strings.h"

#include <expat.h>
#include <minizip/unzip.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <type_traits>

namespace cplan {

namespace {

constexpr std::size_t kMaxPartBytes = std::size_t(128) << 20;   // one XML part, uncompressed
constexpr std::size_t kMaxCellSlots = std::size_t(4) << 20;      // rows x columns kept as text
constexpr int kMaxColumns = 16384;                               // XFD, Excel's last column
constexpr int kMaxRows = 1048576;

// --- the zip -------------------------------------------------------------------------------

struct ZipCloser
{
    void operator()(void *zip) const { unzClose(zip); }
};
using ZipHandle = std::unique_ptr<void, ZipCloser>;

class Package
{
public:
    Package(std::string file, ZipHandle zip) : m_file(std::move(file)), m_zip(std::move(zip)) {}

    bool has(const std::string &part) const { return unzLocateFile(m_zip.get(), part.c_str(), 2) == UNZ_OK; }

    Result<std::string> read(const std::string &part) const
    {
        if (unzLocateFile(m_zip.get(), part.c_str(), 2) != UNZ_OK)
            return error(part, "missing from the workbook");
        unz_file_info64 info{};
        if (unzGetCurrentFileInfo64(m_zip.get(), &info, nullptr, 0, nullptr, 0, nullptr, 0) != UNZ_OK)
            return error(part, "cannot be read (damaged zip directory)");
        if (info.uncompressed_size > kMaxPartBytes)
            return error(part, "is larger than " + std::to_string(kMaxPartBytes >> 20) + " MiB uncompressed");
        if (unzOpenCurrentFile(m_zip.get()) != UNZ_OK)
            return error(part, "cannot be opened (damaged or encrypted)");
        std::string out;
        char buffer[65536];
        int n = 0;
        while ((n = unzReadCurrentFile(m_zip.get(), buffer, sizeof buffer)) > 0 && out.size() <= kMaxPartBytes)
            out.append(buffer, std::size_t(n));
        const int closed = unzCloseCurrentFile(m_zip.get());
        if (n < 0 || closed != UNZ_OK)
            return error(part, "is damaged (its data does not decompress or fails its checksum)");
        if (out.size() > kMaxPartBytes)
            return error(part, "is larger than its zip entry says");
        return out;
    }

    Error error(const std::string &part, const std::string &what) const { return makeError(m_file, 0, 0, "part '" + part + "' " + what); }
    const std::string &file() const { return m_file; }

private:
    std::string m_file;
    ZipHandle m_zip;
};

// --- XML through expat, names without their namespace -------------------------------------

std::string_view localName(const char *name)
{
    std::string_view s(name);
    const std::size_t bar = s.rfind('|');
    return bar == std::string_view::npos ? s : s.substr(bar + 1);
}

const char *attribute(const char **atts, std::string_view local)
{
    for (int i = 0; atts[i]; i += 2)
        if (localName(atts[i]) == local)
            return atts[i + 1];
    return nullptr;
}

struct SaxHandler
{
    std::function<void(std::string_view, const char **)> start = [](std::string_view, const char **) {};
    std::function<void(std::string_view)> end = [](std::string_view) {};
    std::function<void(std::string_view)> text = [](std::string_view) {};
    std::string failure;   // set by a callback to stop with this message
    XML_Parser parser = nullptr;

    void fail(std::string what)
    {
        if (failure.empty())
            failure = std::move(what);
        XML_StopParser(parser, XML_FALSE);
    }
};

Status parseXml(const Package &pkg, const std::string &part, const std::string &xml, SaxHandler &h)
{
    std::unique_ptr<std::remove_pointer_t<XML_Parser>, decltype(&XML_ParserFree)> parser(XML_ParserCreateNS(nullptr, '|'), XML_ParserFree);
    if (!parser)
        return pkg.error(part, "cannot be parsed (out of memory)");
    h.parser = parser.get();
    XML_SetUserData(parser.get(), &h);
    XML_SetElementHandler(
        parser.get(), [](void *d, const XML_Char *name, const XML_Char **atts) { static_cast<SaxHandler *>(d)->start(localName(name), atts); },
        [](void *d, const XML_Char *name) { static_cast<SaxHandler *>(d)->end(localName(name)); });
    XML_SetCharacterDataHandler(parser.get(), [](void *d, const XML_Char *s, int len) {
        static_cast<SaxHandler *>(d)->text(std::string_view(s, std::size_t(len)));
    });
    if (XML_Parse(parser.get(), xml.data(), int(xml.size()), XML_TRUE) != XML_STATUS_OK) {
        if (!h.failure.empty())
            return pkg.error(part, h.failure);
        return pkg.error(part, "is not well-formed XML (line " + std::to_string(XML_GetCurrentLineNumber(parser.get())) + ": "
                                   + XML_ErrorString(XML_GetErrorCode(parser.get())) + ")");
    }
    return Ok{};
}

// --- workbook, relationships, shared strings, styles ---------------------------------------

struct SheetEntry
{
    std::string name, relationId;
};

struct Workbook
{
    std::vector<SheetEntry> sheets;
    bool date1904 = false;
};

Result<Workbook> readWorkbook(const Package &pkg)
{
    const std::string part = "xl/workbook.xml";
    if (!pkg.has(part))
        return makeError(pkg.file(), 0, 0, "not an XLSX workbook (no xl/workbook.xml inside)");
    auto xml = pkg.read(part);
    if (!xml)
        return xml.error();
    Workbook wb;
    SaxHandler h;
    h.start = [&](std::string_view name, const char **atts) {
        if (name == "sheet") {
            const char *n = attribute(atts, "name"), *id = attribute(atts, "id");
            wb.sheets.push_back({n ? n : "", id ? id : ""});
        } else if (name == "workbookPr") {
            const char *d = attribute(atts, "date1904");
            wb.date1904 = d && (std::string_view(d) == "1" || std::string_view(d) == "true");
        }
    };
    if (auto st = parseXml(pkg, part, *xml, h); !st)
        return st.error();
    if (wb.sheets.empty())
        return makeError(pkg.file(), 0, 0, "the workbook has no sheet");
    return wb;
}

// The part a workbook relationship id points to ("xl/worksheets/sheet1.xml").
Result<std::string> sheetPart(const Package &pkg, const std::string &relationId)
{
    const std::string part = "xl/_rels/workbook.xml.rels";
    auto xml = pkg.read(part);
    if (!xml)
        return xml.error();
    std::string target;
    SaxHandler h;
    h.start = [&](std::string_view name, const char **atts) {
        const char *id = attribute(atts, "Id"), *t = attribute(atts, "Target");
        if (name == "Relationship" && id && t && relationId == id)
            target = t;
    };
    if (auto st = parseXml(pkg, part, *xml, h); !st)
        return st.error();
    if (target.empty())
        return pkg.error(part, "has no relationship '" + relationId + "' for the sheet");
    return target.front() == '/' ? target.substr(1) : "xl/" + target;
}

// The text of <t> elements inside `item` (<si>, <is>), rich-text runs joined, phonetic runs left out.
struct RichText
{
    std::string current;
    int inText = 0, inPhonetic = 0;

    void start(std::string_view name)
    {
        if (name == "t")
            ++inText;
        else if (name == "rPh")
            ++inPhonetic;
    }
    void end(std::string_view name)
    {
        if (name == "t" && inText)
            --inText;
        else if (name == "rPh" && inPhonetic)
            --inPhonetic;
    }
    void text(std::string_view s)
    {
        if (inText && !inPhonetic)
            current += s;
    }
};

Result<std::vector<std::string>> readSharedStrings(const Package &pkg)
{
    const std::string part = "xl/sharedStrings.xml";
    std::vector<std::string> strings;
    if (!pkg.has(part))
        return strings;
    auto xml = pkg.read(part);
    if (!xml)
        return xml.error();
    RichText rich;
    SaxHandler h;
    h.start = [&](std::string_view name, const char **) {
        if (name == "si")
            rich.current.clear();
        rich.start(name);
    };
    h.end = [&](std::string_view name) {
        rich.end(name);
        if (name == "si")
            strings.push_back(std::move(rich.current));
    };
    h.text = [&](std::string_view s) { rich.text(s); };
    if (auto st = parseXml(pkg, part, *xml, h); !st)
        return st.error();
    return strings;
}

// A number format shows a day when its code has a year or day field outside quoted text,
// [brackets] and escaped characters; built-in formats 14-17, 22, 27-36 and 50-58 are dates.
bool isDateFormat(int id, const std::string &code)
{
    if ((id >= 14 && id <= 17) || id == 22 || (id >= 27 && id <= 36) || (id >= 50 && id <= 58))
        return true;
    bool quoted = false;
    int bracket = 0;
    for (std::size_t i = 0; i < code.size(); ++i) {
        const char c = code[i];
        if (c == '"')
            quoted = !quoted;
        else if (quoted)
            continue;
        else if (c == '\\' || c == '_' || c == '*')
            ++i;
        else if (c == '[')
            ++bracket;
        else if (c == ']' && bracket)
            --bracket;
        else if (!bracket && (c == 'y' || c == 'Y' || c == 'd' || c == 'D'))
            return true;
    }
    return false;
}

// The cell formats (the `s` attribute of a cell) whose number format is a date.
Result<std::set<int>> readDateStyles(const Package &pkg)
{
    const std::string part = "xl/styles.xml";
    std::set<int> dates;
    if (!pkg.has(part))
        return dates;
    auto xml = pkg.read(part);
    if (!xml)
        return xml.error();
    std::map<int, std::string> codes;
    int inCellXfs = 0, xfIndex = 0;
    SaxHandler h;
    h.start = [&](std::string_view name, const char **atts) {
        if (name == "numFmt") {
            const char *id = attribute(atts, "numFmtId"), *code = attribute(atts, "formatCode");
            if (auto n = id ? parseInt(id) : std::nullopt; n && code)
                codes[int(*n)] = code;
        } else if (name == "cellXfs") {
            ++inCellXfs;
        } else if (name == "xf" && inCellXfs) {
            const char *id = attribute(atts, "numFmtId");
            const auto n = id ? parseInt(id) : std::nullopt;
            if (n && isDateFormat(int(*n), codes.count(int(*n)) ? codes[int(*n)] : std::string()))
                dates.insert(xfIndex);
            ++xfIndex;
        }
    };
    h.end = [&](std::string_view name) {
        if (name == "cellXfs" && inCellXfs)
            --inCellXfs;
    };
    if (auto st = parseXml(pkg, part, *xml, h); !st)
        return st.error();
    return dates;
}

// --- cell values ---------------------------------------------------------------------------

// The day of a date serial number: 1900 system (Excel's: serial 1 = 1900-01-01, its phantom
// 1900-02-29 is serial 60) or 1904 system (serial 0 = 1904-01-01). Time of day is dropped.
std::string serialToDate(double serial, bool date1904)
{
    long long days = (long long)std::floor(serial);
    if (date1904)
        days -= 24107;   // 1904-01-01 is day -24107 of the Unix epoch
    else if (days == 60)
        return "1900-02-29";   // not a day; isIsoDate refuses it
    else
        days -= days < 60 ? 25568 : 25569;   // 1899-12-31 / 1899-12-30
    // Howard Hinnant's civil_from_days.
    days += 719468;
    const long long era = (days >= 0 ? days : days - 146096) / 146097;
    const long long doe = days - era * 146097;
    const long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const long long mp = (5 * doy + 2) / 153;
    const long long d = doy - (153 * mp + 2) / 5 + 1;
    const long long m = mp < 10 ? mp + 3 : mp - 9;
    const long long y = yoe + era * 400 + (m <= 2);
    char out[64];
    std::snprintf(out, sizeof out, "%04lld-%02lld-%02lld", y, m, d);
    return out;
}

// "C5" -> row 5, column 2; false when it is no cell reference.
bool parseCellName(std::string_view ref, int &row, int &column)
{
    std::size_t i = 0;
    long long col = 0, r = 0;
    while (i < ref.size() && std::isalpha(static_cast<unsigned char>(ref[i])) && col <= kMaxColumns)
        col = col * 26 + (std::toupper(static_cast<unsigned char>(ref[i++])) - 'A' + 1);
    if (i == 0 || i == ref.size() || col > kMaxColumns)
        return false;
    for (; i < ref.size() && r <= kMaxRows; ++i) {
        if (!std::isdigit(static_cast<unsigned char>(ref[i])))
            return false;
        r = r * 10 + (ref[i] - '0');
    }
    if (r < 1 || r > kMaxRows)
        return false;
    row = int(r);
    column = int(col - 1);
    return true;
}

struct SheetContext
{
    const std::vector<std::string> &strings;
    const std::set<int> &dateStyles;
    bool date1904 = false;
};

// Reads <sheetData>: each <c> with its type, style and value (<v>, or <is> for inline strings).
class SheetParser
{
public:
    SheetParser(const SheetContext &ctx, XlsxSheet &out, SaxHandler &h) : m_ctx(ctx), m_out(out), m_h(h) {}

    void start(std::string_view name, const char **atts)
    {
        if (name == "row") {
            const char *r = attribute(atts, "r");
            const auto n = r ? parseInt(r) : std::nullopt;
            m_row = n ? int(*n) : m_row + 1;
            m_column = -1;
        } else if (name == "c") {
            startCell(atts);
        } else if (m_inCell) {
            if (name == "v")
                m_inValue = true;
            else if (name == "is")
                m_inInline = true;
            if (m_inInline)
                m_rich.start(name);
        }
    }

    void end(std::string_view name)
    {
        if (name == "v")
            m_inValue = false;
        else if (name == "is")
            m_inInline = false;
        else if (name == "c" && m_inCell)
            endCell();
        if (m_inInline)
            m_rich.end(name);
    }

    void text(std::string_view s)
    {
        if (m_inValue)
            m_value += s;
        else if (m_inInline)
            m_rich.text(s);
    }

private:
    void startCell(const char **atts)
    {
        m_inCell = true;
        m_value.clear();
        m_rich = RichText{};
        const char *t = attribute(atts, "t"), *s = attribute(atts, "s"), *r = attribute(atts, "r");
        m_type = t ? t : "n";
        const auto style = s ? parseInt(s) : std::nullopt;
        m_dateStyle = style && m_ctx.dateStyles.count(int(*style));
        int row = m_row, column = m_column + 1;
        if (r && !parseCellName(r, row, column))
            return m_h.fail(std::string("has a cell with a bad reference '") + r + "'");
        if (row < 1 || row > kMaxRows || column >= kMaxColumns)
            return m_h.fail("has a cell outside the sheet (row " + std::to_string(row) + ")");
        m_row = row;
        m_column = column;
    }

    void endCell()
    {
        m_inCell = false;
        if (!m_h.failure.empty())
            return;
        auto text = cellText();
        if (!text)
            return m_h.fail(text.error().message);
        if (text->empty())
            return;
        if (m_out.rows.empty() || m_out.rows.back().row != m_row)
            m_out.rows.push_back(SheetRow{m_row, {}});
        std::vector<std::string> &cells = m_out.rows.back().cells;
        if (std::size_t(m_column) >= cells.size()) {
            m_slots += std::size_t(m_column) + 1 - cells.size();
            if (m_slots > kMaxCellSlots)
                return m_h.fail("has more cells than a price list needs (over " + std::to_string(kMaxCellSlots) + ")");
            cells.resize(std::size_t(m_column) + 1);
        }
        cells[std::size_t(m_column)] = std::move(*text);
    }

    Result<std::string> cellText() const
    {
        const std::string where = "cell " + xlsxCellName(m_row, m_column);
        if (m_type == "s") {
            const auto i = parseInt(m_value);
            if (!i || *i < 0 || std::size_t(*i) >= m_ctx.strings.size())
                return makeError("", 0, 0, "has a " + where + " naming shared string '" + m_value + "', which does not exist");
            return m_ctx.strings[std::size_t(*i)];
        }
        if (m_type == "inlineStr")
            return m_rich.current;
        if (m_type == "b")
            return std::string(m_value == "1" ? "TRUE" : m_value == "0" ? "FALSE" : m_value);
        if (m_type == "n" && m_dateStyle)
            if (const auto serial = parseDouble(m_value); serial && *serial >= 1 && *serial < 2958466)
                return serialToDate(*serial, m_ctx.date1904);
        return m_value;   // numbers as stored, "str" formula results, "e" errors, ISO "d" dates
    }

    const SheetContext m_ctx;   // by value: it is built in the call
    XlsxSheet &m_out;
    SaxHandler &m_h;
    int m_row = 0, m_column = -1;
    bool m_inCell = false, m_inValue = false, m_inInline = false, m_dateStyle = false;
    std::string m_type, m_value;
    RichText m_rich;
    std::size_t m_slots = 0;
};

Result<ZipHandle> openZip(const std::string &file)
{
    std::error_code ec;
    if (!std::filesystem::exists(file, ec))
        return makeError(file, 0, 0, "cannot open: no such file");
    ZipHandle zip(unzOpen64(file.c_str()));
    if (!zip)
        return makeError(file, 0, 0, "not an XLSX workbook (not a zip archive; an old .xls or a damaged file?)");
    return zip;
}

// The sheet to read: the named one, else the first.
Result<SheetEntry> chooseSheet(const Workbook &wb, const std::string &file, const std::string &sheetName)
{
    if (sheetName.empty())
        return wb.sheets.front();
    std::string names;
    for (const SheetEntry &s : wb.sheets) {
        if (s.name == sheetName)
            return s;
        names += (names.empty() ? "" : ", ") + s.name;
    }
    return makeError(file, 0, 0, "no sheet named '" + sheetName + "' (the workbook has: " + names + ")");
}

} // namespace

std::string xlsxCellName(int row, int column)
{
    std::string letters;
    for (int c = column + 1; c > 0; c = (c - 1) / 26)
        letters.insert(letters.begin(), char('A' + (c - 1) % 26));
    return letters + std::to_string(row);
}

Result<XlsxSheet> readXlsxSheet(const std::string &file, const std::string &sheetName)
{
    auto zip = openZip(file);
    if (!zip)
        return zip.error();
    const Package pkg(file, std::move(*zip));
    auto wb = readWorkbook(pkg);
    if (!wb)
        return wb.error();
    auto entry = chooseSheet(*wb, file, sheetName);
    if (!entry)
        return entry.error();
    auto part = sheetPart(pkg, entry->relationId);
    if (!part)
        return part.error();
    auto strings = readSharedStrings(pkg);
    if (!strings)
        return strings.error();
    auto dates = readDateStyles(pkg);
    if (!dates)
        return dates.error();
    auto xml = pkg.read(*part);
    if (!xml)
        return xml.error();
    XlsxSheet sheet;
    sheet.name = entry->name;
    SaxHandler h;
    SheetParser parser(SheetContext{*strings, *dates, wb->date1904}, sheet, h);
    h.start = [&](std::string_view name, const char **atts) { parser.start(name, atts); };
    h.end = [&](std::string_view name) { parser.end(name); };
    h.text = [&](std::string_view s) { parser.text(s); };
    if (auto st = parseXml(pkg, *part, *xml, h); !st)
        return st.error();
    return sheet;
}

} // namespace cplan
