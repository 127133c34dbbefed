#pragma once

#include "cost/bom.h"

#include <string>
#include <vector>

namespace cplan {

// The BOM as CSV: one row per BOM line, the columns scripts rely on (`cplan bom --format csv`):
//   category,part,description,part_number,quantity,unit_price,total,currency,price_estimate
// Unknown prices are empty fields. The XLSX workbook's BOM sheet holds exactly these rows.
std::vector<std::string> bomCsvHeader();
std::vector<std::string> bomCsvRow(const BomLine &line);
std::string bomCsv(const Bom &bom);

} // namespace cplan
