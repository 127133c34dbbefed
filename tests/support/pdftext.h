#pragma once

#include <QString>

#include <optional>

namespace cplan::test {

// The text of a PDF as pdftotext reads it (poppler-utils; check CPLAN_REQUIRE_TOOLS("pdftotext")
// first); nullopt when pdftotext does not finish within two minutes or fails.
std::optional<QString> pdfText(const QString &pdf);

} // namespace cplan::test
