#pragma once

#include "ui/charts/ChartExportOptions.h"
#include "ui/charts/ChartSpec.h"
#include "ui/charts/ChartStyle.h"

#include <QImage>
#include <QSize>
#include <QString>

#include <optional>

namespace spare {

// Writes a ChartSpec to PNG, SVG (thinned, text as outlines), PDF or CSV. Every write goes through
// QSaveFile, so an existing file is replaced whole or not at all. Returns false and sets *error on failure.
// At a physical size the page is exactly the figure (PDF MediaBox, SVG width/height), fonts keep their
// point sizes and PNGs are 300 dpi; without one the figure is 900 x 560 screen pixels (PNG at 2x).
class ChartExporter {
public:
    enum class Format { Png, Svg, Pdf, Csv };

    // CSV header (charts without a ChartTable; with one, its columns and rows): one row per point; kind is "point" or "marker"; band columns are empty when the
    // series has no band. Numbers use '.' decimals and up to 10 significant digits.
    static constexpr const char* kCsvHeader = "kind,series,x,y,band_low,band_high";
    static constexpr QSize kDefaultSize{900, 560};
    static constexpr int kPrintDpi = 300;

    // --size: "3.5in" (single column) or "7in" (double column), the height then max(2.6 in, half the
    // width), or "WxH" with a unit in, cm, mm or pt ("3.5x2.4in", "89x60mm"). Each side 0.5 in to 20 in.
    // On a bad value returns nullopt and sets *error to a message naming --size, the value and the range.
    static std::optional<QSizeF> parseSize(const QString& text, QString* error);
    // A figure `widthInches` wide at the height --size gives a width alone: max(2.6 in, half the width).
    static QSizeF figureOfWidth(double widthInches);

    // The format named by the extension of path (.png .svg .pdf .csv), or false when unknown.
    static bool formatForPath(const QString& path, Format* format);

    static QImage renderImage(const ChartSpec& spec, QSize logicalSize = kDefaultSize, double scale = 2.0,
                              const ChartStyle& style = {});
    static QString csvText(const ChartSpec& spec);

    static bool write(const ChartSpec& spec, const QString& path, Format format, QString* error,
                      const ChartExportOptions& options = {});
    static bool writeByExtension(const ChartSpec& spec, const QString& path, QString* error,
                                 const ChartExportOptions& options = {});
};

}  // namespace spare
