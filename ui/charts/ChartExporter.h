#pragma once

#include "charts/ChartSpec.h"
#include "charts/ChartStyle.h"

#include <QImage>
#include <QSize>
#include <QString>

namespace spare {

// Writes a ChartSpec to PNG (2x), SVG (thinned), PDF (A4) or CSV. Every write goes through QSaveFile,
// so an existing file is replaced whole or not at all. Returns false and sets *error on failure.
class ChartExporter {
public:
    enum class Format { Png, Svg, Pdf, Csv };

    // CSV header (charts without a ChartTable; with one, its columns and rows): one row per point; kind is "point" or "marker"; band columns are empty when the
    // series has no band. Numbers use '.' decimals and up to 10 significant digits.
    static constexpr const char* kCsvHeader = "kind,series,x,y,band_low,band_high";
    static constexpr QSize kDefaultSize{900, 560};

    // The format named by the extension of path (.png .svg .pdf .csv), or false when unknown.
    static bool formatForPath(const QString& path, Format* format);

    static QImage renderImage(const ChartSpec& spec, QSize logicalSize = kDefaultSize, double scale = 2.0,
                              const ChartStyle& style = {});
    static QString csvText(const ChartSpec& spec);

    static bool write(const ChartSpec& spec, const QString& path, Format format, QString* error);
    static bool writeByExtension(const ChartSpec& spec, const QString& path, QString* error);
};

}  // namespace spare
