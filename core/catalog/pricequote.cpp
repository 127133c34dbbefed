#include "catalog/pricequote.h"

#include "catalog/catalog.h"
#include "export/csv.h"
#include "io/xlsxreader.h"
#include "util/atomicfile.h"
#include "util/strings.h"
#include "util/utctime.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>

namespace cplan {

namespace {

enum Column { PartCol, PriceCol, CurrencyCol, SourceCol, DateCol, ValidUntilCol, QuantityBreakCol, kColumns };

const char *const kColumnNames[kColumns] = {"part", "price", "currency", "source", "date", "valid_until", "quantity_break"};

// Header names, lower case with everything but letters and digits removed.
const std::vector<std::string> kSynonyms[kColumns] = {
    {"part", "partid", "id", "catalogid", "partnumber", "partno", "pn", "opn", "orderingpartnumber", "sku", "mpn",
     "manufacturerpartnumber", "itemnumber", "productcode"},
    {"price", "unitprice", "unitcost", "priceeach", "netprice", "netunitprice", "cost"},
    {"currency", "curr", "ccy", "currencycode"},
    {"source", "quote", "quoteid", "quoteref", "quotenumber", "supplier", "distributor"},
    {"date", "quotedate", "pricedate", "validfrom"},
    {"validuntil", "validto", "expires", "expiry", "expirydate", "expirationdate"},
    {"quantitybreak", "qtybreak", "breakqty", "minqty", "minimumquantity", "moq"},
};

std::string normalized(std::string_view name)
{
    std::string out;
    for (char c : name)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string normalizedCase(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string upper(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

// "1234.5", "1,234.50", "$1,234.50", "€ 99": the amount, and the currency a symbol implies.
std::optional<double> parseAmount(std::string_view text, std::string &impliedCurrency)
{
    std::string_view s = trim(text);
    static const std::pair<std::string_view, const char *> kSymbols[] = {{"$", "USD"}, {"\xE2\x82\xAC", "EUR"}, {"\xC2\xA3", "GBP"}};
    for (const auto &[symbol, code] : kSymbols)
        if (s.substr(0, symbol.size()) == symbol) {
            impliedCurrency = code;
            s = trim(s.substr(symbol.size()));
            break;
        }
    std::string digits;
    const std::size_t dot = std::min(s.find('.'), s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != ',') {
            digits += s[i];
            continue;
        }
        // A thousands separator: digits before it, exactly three digits after it, before the point.
        const std::size_t next = s.find_first_of(",.", i + 1);
        const std::size_t groupEnd = next == std::string_view::npos ? s.size() : next;
        if (i == 0 || i > dot || groupEnd - i - 1 != 3)
            return std::nullopt;
    }
    if (digits.empty() || !(std::isdigit(static_cast<unsigned char>(digits[0])) || digits[0] == '.'))
        return std::nullopt;   // no sign: a price is never negative
    return parseDouble(digits);
}

// Where a quote's rows come from, for messages: "file:line:column" for CSV, "file:Sheet!C5"
// for a sheet of a workbook.
struct QuoteSource
{
    std::string file;
    std::string sheet;   // empty for CSV

    // `column` is 1-based; 0 = the whole line (row); line 0 = the whole file (sheet).
    Error at(int line, int column, std::string message) const
    {
        if (sheet.empty())
            return makeError(file, line, column, std::move(message));
        std::string where = file + ":" + quotedSheet();
        if (line > 0)
            where += column > 0 ? "!" + xlsxCellName(line, column - 1) : " row " + std::to_string(line);
        return makeError(where, 0, 0, std::move(message));
    }

    // Excel's way of writing a sheet name in a reference: 'Price list'!A1, Sheet1!A1.
    std::string quotedSheet() const
    {
        if (std::all_of(sheet.begin(), sheet.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }))
            return sheet;
        std::string out = "'";
        for (char c : sheet)
            out += c == '\'' ? std::string("''") : std::string(1, c);
        return out + "'";
    }
};

struct Header
{
    std::array<int, kColumns> index;   // field index, -1 = absent
    std::vector<std::string> names;    // as written, for messages
};

Result<Header> readHeader(const CsvRecord &record, const QuoteSource &src)
{
    Header h;
    h.index.fill(-1);
    h.names = record.fields;
    for (std::size_t f = 0; f < record.fields.size(); ++f) {
        const std::string key = normalized(record.fields[f]);
        for (int c = 0; c < kColumns; ++c) {
            if (std::find(kSynonyms[c].begin(), kSynonyms[c].end(), key) == kSynonyms[c].end())
                continue;
            if (h.index[c] >= 0)
                return src.at(record.line, int(f) + 1,
                                 "columns '" + h.names[std::size_t(h.index[c])] + "' and '" + record.fields[f]
                                     + "' both give the " + kColumnNames[c] + "; keep one");
            h.index[c] = int(f);
        }
    }
    for (int c : {PartCol, PriceCol})
        if (h.index[c] < 0)
            return src.at(record.line, 0,
                             std::string("the header has no ") + kColumnNames[c] + " column (looked for: "
                                 + (c == PartCol ? "part, id, part number, OPN, SKU, ..." : "price, unit price, unit cost, ...") + ")");
    return h;
}

bool blank(const CsvRecord &r)
{
    return std::all_of(r.fields.begin(), r.fields.end(), [](const std::string &f) { return trim(f).empty(); });
}

// Vendor part number (upper case) -> catalog ids.
std::map<std::string, std::vector<std::string>> partNumberIndex(const Catalog &catalog)
{
    std::map<std::string, std::vector<std::string>> index;
    for (const Part &p : catalog.parts())
        if (p.partNumber && !trim(*p.partNumber).empty())
            index[upper(trim(*p.partNumber))].push_back(p.id);
    return index;
}

} // namespace

bool isIsoDate(std::string_view s)
{
    if (s.size() != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (!std::isdigit(static_cast<unsigned char>(s[i])))
            return false;
    const int y = std::stoi(std::string(s.substr(0, 4))), m = std::stoi(std::string(s.substr(5, 2))),
              d = std::stoi(std::string(s.substr(8, 2)));
    static const int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12 || d < 1 || d > kDays[m - 1])
        return false;
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return !(m == 2 && d == 29 && !leap);
}

namespace {

// Reads the rows of one quote against its header, the catalog and the defaults.
struct RowReader
{
    const QuoteSource &src;
    const Header &h;
    const Catalog &catalog;
    const QuoteDefaults &defaults;
    std::map<std::string, std::vector<std::string>> byPartNumber = partNumberIndex(catalog);
    std::string today = todayUtc();
    const CsvRecord *r = nullptr;

    std::string field(Column c) const
    {
        const int i = h.index[c];
        return i >= 0 && std::size_t(i) < r->fields.size() ? std::string(trim(r->fields[std::size_t(i)])) : std::string();
    }
    Error error(Column c, const std::string &what) const
    {
        return src.at(r->line, h.index[c] + 1, "column '" + h.names[std::size_t(h.index[c])] + "': " + what);
    }

    // The catalog id the part column names (an id, else a vendor part number in any case).
    Result<std::string> part() const
    {
        const std::string part = field(PartCol);
        if (part.empty())
            return error(PartCol, "no part given");
        if (catalog.find(part))
            return part;
        if (std::string lower = normalizedCase(part); catalog.find(lower))
            return lower;
        auto it = byPartNumber.find(upper(part));
        if (it == byPartNumber.end())
            return error(PartCol, "unknown part '" + part + "': not a catalog id or vendor part number (see cplan catalog list)");
        if (it->second.size() > 1) {
            std::string ids;
            for (const std::string &id : it->second)
                ids += (ids.empty() ? "" : ", ") + id;
            return error(PartCol, "part number '" + part + "' belongs to several catalog parts (" + ids + "); give the catalog id instead");
        }
        return it->second.front();
    }

    Status money(PriceOverride &e) const
    {
        std::string implied;
        const std::string priceText = field(PriceCol);
        const auto price = parseAmount(priceText, implied);
        if (!price)
            return error(PriceCol, priceText.empty() ? std::string("no price given") : "'" + priceText + "' is not a price (a number >= 0)");
        e.unitPrice = *price;
        e.currency = upper(field(CurrencyCol));
        if (!e.currency.empty() && !isCurrencyCode(e.currency))
            return error(CurrencyCol, "'" + field(CurrencyCol) + "' is not a currency code (three letters, such as USD or EUR)");
        if (!implied.empty() && !e.currency.empty() && implied != e.currency)
            return error(PriceCol, "'" + priceText + "' is in " + implied + " but the currency column says " + e.currency);
        if (e.currency.empty())
            e.currency = implied.empty() ? defaults.currency : implied;
        return Ok{};
    }

    Status terms(PriceOverride &e) const
    {
        e.source = field(SourceCol);
        if (e.source.empty())
            e.source = defaults.source.empty() ? src.file : defaults.source;
        e.date = field(DateCol);
        if (e.date.empty())
            e.date = defaults.date.empty() ? today : defaults.date;
        else if (!isIsoDate(e.date))
            return error(DateCol, "'" + e.date + "' is not a date (YYYY-MM-DD)");
        e.validUntil = field(ValidUntilCol);
        if (!e.validUntil.empty() && !isIsoDate(e.validUntil))
            return error(ValidUntilCol, "'" + e.validUntil + "' is not a date (YYYY-MM-DD)");
        if (!e.validUntil.empty() && e.validUntil < e.date)
            return error(ValidUntilCol, "the quote ends (" + e.validUntil + ") before its date (" + e.date + ")");
        if (const std::string q = field(QuantityBreakCol); !q.empty()) {
            const auto n = parseInt(q);
            if (!n || *n < 1)
                return error(QuantityBreakCol, "'" + q + "' is not a quantity (a whole number >= 1)");
            e.quantityBreak = *n;
        }
        return Ok{};
    }

    Result<PriceOverride> read(const CsvRecord &record)
    {
        r = &record;
        PriceOverride e;
        e.sourceFile = src.file;
        e.sourceLine = r->line;
        auto id = part();
        if (!id)
            return id.error();
        e.partId = *id;
        if (auto st = money(e); !st)
            return st.error();
        if (auto st = terms(e); !st)
            return st.error();
        return e;
    }
};

} // namespace

namespace {

// The rows of a quote (CSV records or a sheet's rows) against the header, all or nothing.
Result<std::vector<PriceOverride>> readQuoteRecords(const std::vector<CsvRecord> &records, const QuoteSource &src,
                                                    const Catalog &catalog, const QuoteDefaults &defaults)
{
    auto first = std::find_if(records.begin(), records.end(), [](const CsvRecord &r) { return !blank(r); });
    if (first == records.end())
        return src.at(0, 0, "empty quote: no header line");
    auto header = readHeader(*first, src);
    if (!header)
        return header.error();
    RowReader reader{src, *header, catalog, defaults};
    std::map<std::pair<std::string, long long>, int> seen;   // (part, quantity break) -> line
    std::vector<PriceOverride> out;
    for (auto r = first + 1; r != records.end(); ++r) {
        if (blank(*r))
            continue;
        auto e = reader.read(*r);
        if (!e)
            return e.error();
        const auto [it, fresh] = seen.emplace(std::make_pair(e->partId, e->quantityBreak.value_or(1)), r->line);
        if (!fresh)
            return reader.error(PartCol, "'" + reader.field(PartCol) + "' (" + e->partId + ") is priced twice in this quote ("
                                             + (src.sheet.empty() ? "line " : "row ") + std::to_string(it->second) + " too)");
        out.push_back(std::move(*e));
    }
    if (out.empty())
        return src.at(first->line, 0, "the quote has a header but no price lines");
    return out;
}

} // namespace

Result<std::vector<PriceOverride>> readPriceQuote(std::string_view text, const std::string &file, const Catalog &catalog,
                                                  const QuoteDefaults &defaults)
{
    int unterminated = 0;
    const std::vector<CsvRecord> records = readCsvRecords(text, &unterminated);
    if (unterminated)
        return makeError(file, unterminated, 0, "a quoted field is never closed (a '\"' is missing)");
    return readQuoteRecords(records, QuoteSource{file, {}}, catalog, defaults);
}

Result<std::vector<PriceOverride>> readPriceQuoteXlsx(const std::string &file, const Catalog &catalog, const QuoteDefaults &defaults)
{
    auto sheet = readXlsxSheet(file, defaults.sheet);
    if (!sheet)
        return sheet.error();
    std::vector<CsvRecord> records;
    records.reserve(sheet->rows.size());
    for (SheetRow &row : sheet->rows)
        records.push_back(CsvRecord{row.row, std::move(row.cells)});
    return readQuoteRecords(records, QuoteSource{file, sheet->name}, catalog, defaults);
}

Result<std::vector<PriceOverride>> readPriceQuoteFile(const std::string &file, const Catalog &catalog,
                                                      const QuoteDefaults &defaults)
{
    const std::string lower = normalized(std::filesystem::path(file).extension().string());
    if (lower == "xlsx" || lower == "xlsm")
        return readPriceQuoteXlsx(file, catalog, defaults);
    if (lower == "xls" || lower == "ods")
        return makeError(file, 0, 0, "." + lower + " quotes are not read: save the sheet as XLSX or as CSV (comma-separated, UTF-8)");
    if (!defaults.sheet.empty())
        return makeError(file, 0, 0, "a sheet was named, but this is not an XLSX workbook");
    auto text = readFile(file, std::size_t(64) << 20);
    if (!text)
        return text.error();
    return readPriceQuote(*text, file, catalog, defaults);
}

} // namespace cplan
