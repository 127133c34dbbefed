#include "svgdevice.h"

#include <QPaintEngine>
#include <QPainterPath>
#include <QTextItem>
#include <QTransform>

#include <cmath>

namespace cplan {

namespace {

QString num(double v)
{
    if (std::abs(v) < 1e-9)
        v = 0;
    return QString::number(v, 'g', 8);
}

QString colour(const QColor &c) { return c.name(QColor::HexRgb); }

QString escaped(const QString &text) { return text.toHtmlEscaped(); }

} // namespace

// Records every primitive as one SVG element in the painter's current pen, brush, font and
// transform (the engine claims every feature, so QPainter hands primitives over untransformed).
class SvgPaintEngine : public QPaintEngine
{
public:
    SvgPaintEngine() : QPaintEngine(QPaintEngine::AllFeatures) {}

    QString body;

    bool begin(QPaintDevice *) override
    {
        body.clear();
        return true;
    }
    bool end() override { return true; }
    Type type() const override { return QPaintEngine::User; }

    void updateState(const QPaintEngineState &state) override
    {
        const QPaintEngine::DirtyFlags dirty = state.state();
        if (dirty & DirtyPen)
            m_pen = state.pen();
        if (dirty & DirtyBrush)
            m_brush = state.brush();
        if (dirty & DirtyFont)
            m_font = state.font();
        if (dirty & DirtyTransform)
            m_transform = state.transform();
        if (dirty & DirtyOpacity)
            m_opacity = state.opacity();
    }

    void drawRects(const QRectF *rects, int count) override
    {
        for (int i = 0; i < count; ++i)
            element(QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\"")
                        .arg(num(rects[i].x()), num(rects[i].y()), num(rects[i].width()), num(rects[i].height())),
                    true);
    }

    void drawLines(const QLineF *lines, int count) override
    {
        for (int i = 0; i < count; ++i)
            element(QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%4\"")
                        .arg(num(lines[i].x1()), num(lines[i].y1()), num(lines[i].x2()), num(lines[i].y2())),
                    false);
    }

    void drawPolygon(const QPointF *points, int count, PolygonDrawMode mode) override
    {
        QString pts;
        for (int i = 0; i < count; ++i)
            pts += num(points[i].x()) + QLatin1Char(',') + num(points[i].y()) + QLatin1Char(' ');
        const bool closed = mode != PolylineMode;
        element(QStringLiteral("<%1 points=\"%2\"").arg(closed ? QStringLiteral("polygon") : QStringLiteral("polyline"), pts.trimmed()),
                closed, mode == WindingMode ? "nonzero" : "evenodd");
    }

    void drawPath(const QPainterPath &path) override
    {
        QString d;
        for (int i = 0; i < path.elementCount(); ++i) {
            const QPainterPath::Element e = path.elementAt(i);
            switch (e.type) {
            case QPainterPath::MoveToElement: d += QStringLiteral("M%1 %2 ").arg(num(e.x), num(e.y)); break;
            case QPainterPath::LineToElement: d += QStringLiteral("L%1 %2 ").arg(num(e.x), num(e.y)); break;
            case QPainterPath::CurveToElement: d += QStringLiteral("C%1 %2 ").arg(num(e.x), num(e.y)); break;
            case QPainterPath::CurveToDataElement: d += QStringLiteral("%1 %2 ").arg(num(e.x), num(e.y)); break;
            }
        }
        element(QStringLiteral("<path d=\"%1\"").arg(d.trimmed()), true, path.fillRule() == Qt::WindingFill ? "nonzero" : "evenodd");
    }

    void drawTextItem(const QPointF &p, const QTextItem &item) override
    {
        const QFont f = item.font();
        const double size = f.pixelSize() > 0 ? f.pixelSize() : f.pointSizeF();
        QString attrs = QStringLiteral(" font-family=\"%1, sans-serif\" font-size=\"%2\"").arg(escaped(f.family()), num(size));
        if (f.bold())
            attrs += QStringLiteral(" font-weight=\"bold\"");
        if (f.italic())
            attrs += QStringLiteral(" font-style=\"italic\"");
        body += QStringLiteral("<text x=\"%1\" y=\"%2\" fill=\"%3\"%4%5%6>%7</text>\n")
                    .arg(num(p.x()), num(p.y()), colour(m_pen.color()), attrs, opacity(m_pen.color().alphaF()), transform(),
                         escaped(item.text()));
    }

    void drawPixmap(const QRectF &, const QPixmap &, const QRectF &) override {}   // not used by our drawings

private:
    QString transform() const
    {
        if (m_transform.isIdentity())
            return {};
        return QStringLiteral(" transform=\"matrix(%1 %2 %3 %4 %5 %6)\"")
            .arg(num(m_transform.m11()), num(m_transform.m12()), num(m_transform.m21()), num(m_transform.m22()), num(m_transform.dx()),
                 num(m_transform.dy()));
    }

    QString opacity(double alpha) const
    {
        const double a = alpha * m_opacity;
        return a < 1 ? QStringLiteral(" opacity=\"%1\"").arg(num(a)) : QString();
    }

    // One element: `open` is its start tag without the closing "/>"; fill with the brush when the
    // shape can be filled, stroke with the pen.
    void element(const QString &open, bool fillable, const char *fillRule = nullptr)
    {
        QString style;
        if (fillable && m_brush.style() != Qt::NoBrush) {
            style += QStringLiteral(" fill=\"%1\"").arg(colour(m_brush.color()));
            if (m_brush.color().alphaF() < 1)
                style += QStringLiteral(" fill-opacity=\"%1\"").arg(num(m_brush.color().alphaF()));
            if (fillRule)
                style += QStringLiteral(" fill-rule=\"%1\"").arg(QLatin1String(fillRule));
        } else {
            style += QStringLiteral(" fill=\"none\"");
        }
        if (m_pen.style() == Qt::NoPen) {
            style += QStringLiteral(" stroke=\"none\"");
        } else {
            const double w = m_pen.widthF() > 0 ? m_pen.widthF() : 1;
            style += QStringLiteral(" stroke=\"%1\" stroke-width=\"%2\"").arg(colour(m_pen.color()), num(w));
            if (m_pen.color().alphaF() < 1)
                style += QStringLiteral(" stroke-opacity=\"%1\"").arg(num(m_pen.color().alphaF()));
            if (m_pen.style() != Qt::SolidLine) {
                QStringList dashes;
                for (double d : m_pen.dashPattern())
                    dashes << num(d * w);
                style += QStringLiteral(" stroke-dasharray=\"%1\"").arg(dashes.join(QLatin1Char(' ')));
            }
            if (m_pen.isCosmetic() || m_pen.widthF() <= 0)
                style += QStringLiteral(" vector-effect=\"non-scaling-stroke\"");
        }
        body += open + style + opacity(1) + transform() + QStringLiteral("/>\n");
    }

    QPen m_pen;
    QBrush m_brush;
    QFont m_font;
    QTransform m_transform;
    double m_opacity = 1;
};

SvgDevice::SvgDevice(QSizeF size, QString title) : m_size(size), m_title(std::move(title)), m_engine(std::make_unique<SvgPaintEngine>()) {}

SvgDevice::~SvgDevice() = default;

QPaintEngine *SvgDevice::paintEngine() const { return m_engine.get(); }

QByteArray SvgDevice::svg() const
{
    QString out = QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                 "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%1pt\" height=\"%2pt\" "
                                 "viewBox=\"0 0 %1 %2\">\n")
                      .arg(num(m_size.width()), num(m_size.height()));
    if (!m_title.isEmpty())
        out += QStringLiteral("<title>%1</title>\n").arg(escaped(m_title));
    out += m_engine->body + QStringLiteral("</svg>\n");
    return out.toUtf8();
}

int SvgDevice::metric(PaintDeviceMetric metric) const
{
    switch (metric) {
    case PdmWidth: return int(std::ceil(m_size.width()));
    case PdmHeight: return int(std::ceil(m_size.height()));
    case PdmWidthMM: return int(std::lround(m_size.width() * 25.4 / 72));
    case PdmHeightMM: return int(std::lround(m_size.height() * 25.4 / 72));
    case PdmNumColors: return 0x7fffffff;
    case PdmDepth: return 32;
    case PdmDpiX:
    case PdmDpiY:
    case PdmPhysicalDpiX:
    case PdmPhysicalDpiY: return 72;
    case PdmDevicePixelRatio: return 1;
    case PdmDevicePixelRatioScaled: return int(devicePixelRatioFScale());
    }
    return 0;
}

} // namespace cplan
