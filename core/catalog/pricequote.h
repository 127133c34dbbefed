#pragma once

#include "util/error.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan {

class Catalog;

// One price in the user store's price book. The store keeps every price it was given (the
// history); for each part the latest applies (see UserStore::prices()).
struct PriceOverride
{
    std::string partId;
    double unitPrice = 0;
    std::string currency = "USD";
    std::string source;       // where the price comes from (a quote, a price list)
    std::string date;         // the day the price is for (the quote's date), YYYY-MM-DD
    std::string validUntil;   // the last day the quote holds, YYYY-MM-DD; empty = not said
    std::optional<long long> quantityBreak;   // the price holds from this quantity on; empty = any
    std::string sourceFile;   // the quote file it was imported from; empty for set-price
    int sourceLine = 0;       // the line of that file
    std::string enteredAt;    // when it was stored, ISO 8601 UTC
};

// What a quote row says when its file has no such column.
struct QuoteDefaults
{
    std::string currency = "USD";
    std::string source;   // empty: the file's name
    std::string date;     // empty: today (UTC)
    std::string sheet;    // XLSX: the sheet to read; empty: the first
};

// Reads a distributor's price quote (CSV, RFC 4180) into price book entries. The header line
// is matched by name (case, spaces and punctuation ignored, common synonyms: "Part Number",
// "OPN", "SKU", "Unit Price", ...), not position; other columns are ignored. Columns: part (a
// catalog id or a part's vendor part number), price; optional currency, source, date,
// valid_until, quantity_break. All or nothing: the first unknown part, bad number, bad date or
// duplicate row is an error naming the file, the line and the column.
Result<std::vector<PriceOverride>> readPriceQuote(std::string_view text, const std::string &file,
                                                  const Catalog &catalog, const QuoteDefaults &defaults = {});
// The same from the first sheet of an XLSX workbook (or the sheet `defaults.sheet` names): the
// same header matching and rules; errors name the file, the sheet and the cell
// ("quote.xlsx:Sheet1!A9: ..."). Dates may be date cells or text.
Result<std::vector<PriceOverride>> readPriceQuoteXlsx(const std::string &file, const Catalog &catalog,
                                                      const QuoteDefaults &defaults = {});
// The same from a file: .xlsx/.xlsm as a workbook, anything else as CSV (.xls and .ods are
// refused with a message).
Result<std::vector<PriceOverride>> readPriceQuoteFile(const std::string &file, const Catalog &catalog,
                                                      const QuoteDefaults &defaults = {});

// "2026-11-30": a valid ISO 8601 calendar day.
bool isIsoDate(std::string_view text);

} // namespace cplan
