#pragma once

// A paint device that records what a QPainter draws as SVG: rectangles, lines, polygons, paths
// and text (as <text>, so it stays searchable and small). Enough for the rack elevations that
// RackPainter draws; images are left out. Qt Gui only: cplan writes SVG without Qt Svg.

#include <QPaintDevice>
#include <QSizeF>
#include <QString>

#include <memory>

namespace cplan {

class SvgPaintEngine;

class SvgDevice : public QPaintDevice
{
public:
    // A canvas of `size` points (72 per inch).
    explicit SvgDevice(QSizeF size, QString title = {});
    ~SvgDevice() override;
    SvgDevice(const SvgDevice &) = delete;
    SvgDevice &operator=(const SvgDevice &) = delete;

    QPaintEngine *paintEngine() const override;
    // The whole document, once the painter has ended.
    QByteArray svg() const;

protected:
    int metric(PaintDeviceMetric metric) const override;

private:
    QSizeF m_size;
    QString m_title;
    std::unique_ptr<SvgPaintEngine> m_engine;
};

} // namespace cplan
