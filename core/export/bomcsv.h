#pragma once

#include "cost/bom.h"
#include "cost/pricing.h"

#include <string>
#include <vector>

namespace cplan {

// The BOM as CSV: one row per BOM line, the columns scripts rely on (`cplan bom --format csv`):
//   category,part,description,part_number,quantity,unit_price,total,currency,price_estimate
// Unknown prices are empty fields. The XLSX workbook's BOM sheet holds exactly these rows.
std::vector<std::string> bomCsvHeader();
std::vector<std::string> bomCsvRow(const BomLine &line);
std::string bomCsv(const Bom &bom);

// The quote below the lines, in the same columns (category "quote"; the amount in `total`, the
// currency in `currency`): hardware, spares, discount (a positive amount, subtracted), total and
// total_per_gpu, the figures of `cplan bom --json`'s "quote". The description says the terms and
// whether the total misses prices. An amount no price goes into is an empty field, never 0.
std::vector<std::vector<std::string>> bomQuoteRows(const Bom &bom, const BomPricing &pricing, const BomTerms &terms);
// `cplan bom --format csv`: the lines, then the quote rows.
std::string bomQuoteCsv(const Bom &bom, const BomPricing &pricing, const BomTerms &terms);

} // namespace cplan
