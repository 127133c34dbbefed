#pragma once

#include <QColor>
#include <QFont>
#include <QPainter>
#include <QString>
#include <QStringList>

#include <map>
#include <set>
#include <string>
#include <vector>

class QPdfWriter;

namespace cplan {

// The report's page geometry, colours and fonts, and the painter that lays text out on pages:
// header and footer on every page, a cursor that flows down the page, headings, wrapping
// paragraphs and tables that continue on the next page. Page functions (reportpages.h) draw
// with it; what they print as key figures is logged here too (figures()), so that tests can
// hold the report to the numbers the engine gave.
namespace page {
// A4 landscape in points (the writer runs at 72 dpi, so one device unit is one point).
inline constexpr double kWidth = 841.89, kHeight = 595.28;
inline constexpr double kMargin = 36;
inline constexpr double kTop = 62;                 // below the page header
inline constexpr double kBottom = kHeight - 40;    // above the footer
inline constexpr double kContentWidth = kWidth - 2 * kMargin;
} // namespace page

namespace ink {
inline const QColor kText(0x1f, 0x27, 0x33);
inline const QColor kMuted(0x6b, 0x76, 0x85);
inline const QColor kAccent(0x1f, 0x5f, 0xa8);
inline const QColor kRule(0xd5, 0xdb, 0xe3);
inline const QColor kShade(0xf1, 0xf4, 0xf8);
inline const QColor kLeaf(0x3a, 0x9d, 0x5d);
inline const QColor kSpine(0x2f, 0x6d, 0xb5);
inline const QColor kCore(0x7b, 0x4f, 0xb0);
inline const QColor kServer(0x8a, 0x94, 0xa3);
inline const QColor kMgmt(0xe0, 0x8a, 0x2e);
} // namespace ink

QFont reportFont(double pt, bool bold = false);
// `font`, smaller when `text` would be wider than `room` on `device`, until it fits (not below
// `minPt`): a figure on a cover tile, the design's name in the banner.
QFont fittedFont(QFont font, const QString &text, double room, QPaintDevice *device, double minPt = 6);

// A figure as the report printed it: the engine's value and the text on the page.
struct PrintedFigure
{
    double value = 0;
    QString text;
};
using PrintedFigures = std::map<std::string, PrintedFigure>;

struct Column
{
    QString title;
    double width;
    Qt::Alignment align = Qt::AlignLeft;
};

class ReportPainter
{
public:
    ReportPainter(QPdfWriter &writer, QPainter &painter, QString title);

    QPainter &painter() { return m_p; }
    // Starts a page with a section title in its header.
    void newPage(const QString &section);
    // Room for h more points on this page, else a new page of the same section (continued).
    void ensure(double h);
    int pageCount() const { return m_count; }
    double y = page::kTop;   // the cursor

    void heading(const QString &text);
    void paragraph(const QString &text, double pt = 8.5, const QColor &color = ink::kText, double indent = 0);
    // A table that continues on the next page with its header repeated.
    void table(const std::vector<Column> &cols, const std::vector<QStringList> &rows, const std::set<std::size_t> &boldRows = {});

    // Logs a key figure and returns its text, to draw.
    const QString &figure(const std::string &key, double value, const QString &text);
    const PrintedFigures &figures() const { return m_figures; }

private:
    void footer();
    void tableHeader(const std::vector<Column> &cols, double rowH);

    QPdfWriter &m_writer;
    QPainter &m_p;
    QString m_title, m_section;
    int m_count = 0;
    PrintedFigures m_figures;
};

} // namespace cplan
