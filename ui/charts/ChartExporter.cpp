#include "ui/charts/ChartExporter.h"

#include "ui/charts/ChartThinning.h"
#include "ui/charts/QtChartRenderer.h"
#include "ui/charts/SvgTextOutliner.h"

#include <QBuffer>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QGuiApplication>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QScreen>
#include <QSvgGenerator>
#include <QTextDocumentFragment>

#include <cmath>

#include <memory>

namespace spare {
namespace {

QString number(double value)
{
    return QString::number(value, 'g', 10);
}

QString csvField(const QString& text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text;
    QString quoted = text;
    quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

constexpr double kMinSideInches = 0.5;
constexpr double kMaxSideInches = 20.0;

// Points per inch of the scene the chart is laid out in: what fonts given in points are sized against.
int layoutDpi()
{
    const QScreen* screen = QGuiApplication::primaryScreen();
    return screen ? qRound(screen->logicalDotsPerInchY()) : 96;
}

// The chart's layout size in scene pixels: a physical size at the layout's dots per inch.
QSize logicalSize(const ChartExportOptions& options)
{
    if (!options.inches)
        return ChartExporter::kDefaultSize;
    return (*options.inches * layoutDpi()).toSize();
}

ChartStyle styleFor(const ChartExportOptions& options)
{
    ChartStyle style;
    style.showTitle = options.showTitle;
    if (options.inches) {
        // Sizes for print: 8 pt text (titles 10.4 pt) and thinner lines, as in a journal's figures.
        style.fontPointSize = 8.0;
        style.lineWidth = 1.5;
    }
    return style;
}

void renderScene(const ChartSpec& spec, QPainter* painter, QRectF target, QSize logicalSize, const ChartStyle& style)
{
    std::unique_ptr<QGraphicsScene> scene(QtChartRenderer::createScene(spec, QSizeF(logicalSize), style));
    scene->render(painter, target, scene->sceneRect());
}

bool commit(QSaveFile& file, bool painted, QString* error)
{
    if (!painted) {
        file.cancelWriting();
        if (error)
            *error = QStringLiteral("could not render into %1").arg(file.fileName());
        return false;
    }
    if (!file.commit()) {
        if (error)
            *error = QStringLiteral("could not write %1: %2").arg(file.fileName(), file.errorString());
        return false;
    }
    return true;
}

}  // namespace

bool ChartExporter::formatForPath(const QString& path, Format* format)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        *format = Format::Png;
    else if (suffix == QLatin1String("svg"))
        *format = Format::Svg;
    else if (suffix == QLatin1String("pdf"))
        *format = Format::Pdf;
    else if (suffix == QLatin1String("csv"))
        *format = Format::Csv;
    else
        return false;
    return true;
}

QImage ChartExporter::renderImage(const ChartSpec& spec, QSize logicalSize, double scale, const ChartStyle& style)
{
    QImage image(logicalSize * scale, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderScene(spec, &painter, QRectF(QPointF(0, 0), QSizeF(image.size())), logicalSize, style);
    painter.end();
    return image;
}

QString ChartExporter::csvText(const ChartSpec& spec)
{
    if (!spec.table.columns.isEmpty()) {
        QString text = spec.table.columns.join(QLatin1Char(',')) + QLatin1Char('\n');
        for (const QStringList& row : spec.table.rows) {
            QStringList fields;
            for (const QString& field : row)
                fields << csvField(field);
            text += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
        }
        return text;
    }
    QString text = QLatin1String(kCsvHeader) + QLatin1Char('\n');
    for (const ChartSeries& s : spec.series) {
        for (qsizetype i = 0; i < s.points.size(); ++i) {
            text += QStringLiteral("point,") + csvField(s.name) + QLatin1Char(',') + number(s.points[i].x())
                    + QLatin1Char(',') + number(s.points[i].y()) + QLatin1Char(',');
            if (s.hasBand())
                text += number(s.bandLow[i]) + QLatin1Char(',') + number(s.bandHigh[i]);
            else
                text += QLatin1Char(',');
            text += QLatin1Char('\n');
        }
    }
    for (const ChartMarker& m : spec.markers)
        text += QStringLiteral("marker,") + csvField(QTextDocumentFragment::fromHtml(m.label).toPlainText()) + QLatin1Char(',') + number(m.position.x())
                + QLatin1Char(',') + number(m.position.y()) + QStringLiteral(",,\n");
    return text;
}

bool ChartExporter::write(const ChartSpec& spec, const QString& path, Format format, QString* error, const ChartExportOptions& options)
{
    const QSize size = logicalSize(options);
    const ChartStyle style = styleFor(options);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("could not open %1: %2").arg(path, file.errorString());
        return false;
    }
    switch (format) {
    case Format::Png: {
        const double scale = options.inches ? double(kPrintDpi) / layoutDpi() : 2.0;
        QImage image = renderImage(spec, size, scale, style);
        if (options.inches) {
            const int dotsPerMeter = qRound(kPrintDpi / 0.0254);
            image.setDotsPerMeterX(dotsPerMeter);
            image.setDotsPerMeterY(dotsPerMeter);
        }
        return commit(file, image.save(&file, "PNG"), error);
    }
    case Format::Svg: {
        // Drawn into memory first: the text is outlined before anything reaches the file.
        QBuffer buffer;
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        // The resolution the chart was laid out at: font sizes and width/height in mm come out right.
        generator.setResolution(layoutDpi());
        generator.setTitle(spec.title);
        QPainter painter;
        bool painted = painter.begin(&generator);
        if (painted) {
            renderScene(thinForColumns(spec, size.width()), &painter, QRectF(QPoint(0, 0), size), size, style);
            painted = painter.end();
        }
        const QByteArray outlined = painted ? SvgTextOutliner::outline(buffer.data()) : QByteArray();
        return commit(file, !outlined.isEmpty() && file.write(outlined) == outlined.size(), error);
    }
    case Format::Pdf: {
        QPdfWriter writer(&file);
        const QSizeF inches = options.inches.value_or(QSizeF(kDefaultSize) / layoutDpi());
        writer.setPageLayout(QPageLayout(QPageSize(inches, QPageSize::Inch, QString(), QPageSize::ExactMatch),
                                         QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        writer.setTitle(spec.title);
        writer.setCreator(QStringLiteral("spare-studio"));
        QPainter painter;
        const bool painted = painter.begin(&writer);
        if (painted) {
            renderScene(thinForColumns(spec, size.width()), &painter,
                        QRectF(QPointF(0, 0), QSizeF(writer.width(), writer.height())), size, style);
            painter.end();
        }
        return commit(file, painted, error);
    }
    case Format::Csv:
        return commit(file, file.write(csvText(spec).toUtf8()) >= 0, error);
    }
    return false;
}

bool ChartExporter::writeByExtension(const ChartSpec& spec, const QString& path, QString* error, const ChartExportOptions& options)
{
    Format format;
    if (!formatForPath(path, &format)) {
        if (error)
            *error = QStringLiteral("unknown chart format for %1 (use .png, .svg, .pdf or .csv)").arg(path);
        return false;
    }
    return write(spec, path, format, error, options);
}

QSizeF ChartExporter::figureOfWidth(double widthInches)
{
    // Tall enough for a legend of a few rows under a single-column plot.
    return QSizeF(widthInches, std::max(2.6, widthInches / 2.0));
}

std::optional<QSizeF> ChartExporter::parseSize(const QString& text, QString* error)
{
    static const QRegularExpression pattern(
        QStringLiteral("^\\s*(\\d+(?:\\.\\d+)?)\\s*(?:x\\s*(\\d+(?:\\.\\d+)?)\\s*)?(in|cm|mm|pt)\\s*$"));
    const QRegularExpressionMatch match = pattern.match(text.toLower());
    const auto problem = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("--size '%1': %2; allowed 3.5in (single column), 7in (double column) or WxH with "
                                    "a unit in, cm, mm or pt (e.g. 3.5x2.4in, 89x60mm), each side %3 to %4 in")
                         .arg(text, why)
                         .arg(kMinSideInches)
                         .arg(kMaxSideInches);
        return std::nullopt;
    };
    if (!match.hasMatch())
        return problem(QStringLiteral("not a size"));
    const QString unit = match.captured(3);
    const double perInch = unit == QLatin1String("in") ? 1.0
                         : unit == QLatin1String("cm") ? 2.54
                         : unit == QLatin1String("mm") ? 25.4
                                                        : 72.0;
    const double width = match.captured(1).toDouble() / perInch;
    const double height = match.captured(2).isEmpty() ? figureOfWidth(width).height() : match.captured(2).toDouble() / perInch;
    for (double side : {width, height})
        if (!(side >= kMinSideInches && side <= kMaxSideInches))
            return problem(QStringLiteral("a side of %1 in is out of range").arg(side, 0, 'g', 4));
    return QSizeF(width, height);
}

}  // namespace spare
