#pragma once

// (Not named xlsxwriter.h: that is libxlsxwriter's own header, <xlsxwriter.h>.)

#include "cost/bom.h"
#include "cost/pricing.h"
#include "util/error.h"
#include "util/message.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

// The BOM workbook (XLSX, written with libxlsxwriter), sheets:
//   BOM          the rows of the BOM CSV (same columns, numbers as numbers; unknown = empty)
//   Summary      subtotals by category (SUMIF formulas over the BOM sheet), spares, discount,
//                total, currency, power, rack units, GPUs, cost per GPU, energy and TCO, counts
//   Cable plan   the rows of the cable plan CSV
//   Racks        per rack: devices, U, power (nameplate, typical), heat (kW, BTU/h), weight and
//                the rack's budgets; unknown figures named
//   Assumptions  the settings and rules behind the figures, and what is unknown
//   Sources      every part of the BOM with its price source and the sources of its figures
// Written to a temporary file, then moved into place atomically.
// Its texts (sheet names, headers, labels, categories) are English, or, with `text`, whatever that
// makes of each template (util/message.h): the GUI passes its translation. Formulas follow the
// translated sheet and category names.
using WorkbookText = std::function<std::string(const Message &)>;
Status writeBomWorkbook(const std::string &path, const Design &design, const Catalog &catalog, const Bom &bom,
                        const BomTerms &terms = {}, const WorkbookText &text = {});

} // namespace cplan
