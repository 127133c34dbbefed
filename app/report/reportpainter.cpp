#include "reportpainter.h"

#include "pdfreport.h"

#include <QFontMetricsF>
#include <QPdfWriter>

namespace cplan {

using namespace page;

QFont reportFont(double pt, bool bold)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(pt);
    f.setBold(bold);
    return f;
}

QFont fittedFont(QFont font, const QString &text, double room, QPaintDevice *device, double minPt)
{
    // Width is not quite proportional to the point size (hinting, rounding): shrink, measure again.
    for (int step = 0; step < 8; ++step) {
        const double w = QFontMetricsF(font, device).horizontalAdvance(text);
        if (w <= room || font.pointSizeF() <= minPt)
            break;
        font.setPointSizeF(std::max(minPt, font.pointSizeF() * room / w * 0.97));
    }
    return font;
}

ReportPainter::ReportPainter(QPdfWriter &writer, QPainter &painter, QString title)
    : m_writer(writer)
    , m_p(painter)
    , m_title(std::move(title))
{
}

void ReportPainter::newPage(const QString &section)
{
    if (m_count > 0)
        m_writer.newPage();
    ++m_count;
    m_section = section;
    m_p.save();
    m_p.setPen(QPen(ink::kAccent, 1.2));
    m_p.drawLine(QPointF(kMargin, 44), QPointF(kWidth - kMargin, 44));
    m_p.setFont(reportFont(13, true));
    m_p.setPen(ink::kText);
    m_p.drawText(QRectF(kMargin, 20, kContentWidth, 22), Qt::AlignLeft | Qt::AlignBottom, section);
    m_p.setFont(reportFont(8));
    m_p.setPen(ink::kMuted);
    m_p.drawText(QRectF(kMargin, 20, kContentWidth, 22), Qt::AlignRight | Qt::AlignBottom, m_title);
    footer();
    m_p.restore();
    y = kTop;
}

void ReportPainter::footer()
{
    m_p.setPen(QPen(ink::kRule, 0.6));
    m_p.drawLine(QPointF(kMargin, kHeight - 28), QPointF(kWidth - kMargin, kHeight - 28));
    m_p.setFont(reportFont(7));
    m_p.setPen(ink::kMuted);
    const QRectF r(kMargin, kHeight - 26, kContentWidth, 14);
    m_p.drawText(r, Qt::AlignLeft | Qt::AlignVCenter,
                 PdfReport::tr("Cluster Planner %1 · indicative figures, see Assumptions and sources").arg(QStringLiteral(CPLAN_VERSION)));
    m_p.drawText(r, Qt::AlignRight | Qt::AlignVCenter, PdfReport::tr("Page %1").arg(m_count));
}

void ReportPainter::ensure(double h)
{
    if (y + h > kBottom)
        newPage(m_section.endsWith(PdfReport::tr(" (continued)")) ? m_section : m_section + PdfReport::tr(" (continued)"));
}

void ReportPainter::heading(const QString &text)
{
    ensure(40);
    m_p.setFont(reportFont(11, true));
    m_p.setPen(ink::kAccent);
    m_p.drawText(QRectF(kMargin, y, kContentWidth, 18), Qt::AlignLeft | Qt::AlignVCenter, text);
    y += 22;
}

void ReportPainter::paragraph(const QString &text, double pt, const QColor &color, double indent)
{
    const QFont f = reportFont(pt);
    const QRectF box(kMargin + indent, 0, kContentWidth - indent, 1e6);
    const QRectF need = QFontMetricsF(f, m_p.device()).boundingRect(box, Qt::TextWordWrap, text);
    ensure(need.height() + 4);
    m_p.setFont(f);
    m_p.setPen(color);
    m_p.drawText(QRectF(box.x(), y, box.width(), need.height() + 2), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
    y += need.height() + 4;
}

void ReportPainter::tableHeader(const std::vector<Column> &cols, double rowH)
{
    double x = kMargin;
    m_p.fillRect(QRectF(kMargin, y, kContentWidth, rowH + 2), QColor(0xdd, 0xe4, 0xee));
    m_p.setFont(reportFont(7.5, true));
    m_p.setPen(ink::kText);
    for (const Column &c : cols) {
        m_p.drawText(QRectF(x + 3, y, c.width - 6, rowH + 2), int(c.align | Qt::AlignVCenter), c.title);
        x += c.width;
    }
    y += rowH + 2;
}

void ReportPainter::table(const std::vector<Column> &cols, const std::vector<QStringList> &rows, const std::set<std::size_t> &boldRows)
{
    constexpr double rowH = 13.5;
    ensure(3 * rowH);
    tableHeader(cols, rowH);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (y + rowH > kBottom) {
            ensure(kBottom);   // forces a new page
            tableHeader(cols, rowH);
        }
        if (r % 2)
            m_p.fillRect(QRectF(kMargin, y, kContentWidth, rowH), ink::kShade);
        const QFont f = reportFont(7.5, boldRows.count(r) > 0);
        const QFontMetricsF fm(f, m_p.device());
        m_p.setFont(f);
        m_p.setPen(ink::kText);
        double x = kMargin;
        for (std::size_t c = 0; c < cols.size() && c < std::size_t(rows[r].size()); ++c) {
            const QString text = fm.elidedText(rows[r][int(c)], Qt::ElideRight, cols[c].width - 6);
            m_p.drawText(QRectF(x + 3, y, cols[c].width - 6, rowH), int(cols[c].align | Qt::AlignVCenter), text);
            x += cols[c].width;
        }
        y += rowH;
    }
    m_p.setPen(QPen(ink::kRule, 0.6));
    m_p.drawLine(QPointF(kMargin, y), QPointF(kWidth - kMargin, y));
    y += 10;
}

const QString &ReportPainter::figure(const std::string &key, double value, const QString &text)
{
    PrintedFigure &f = m_figures[key];
    f.value = value;
    f.text = text;
    return f.text;
}

} // namespace cplan
