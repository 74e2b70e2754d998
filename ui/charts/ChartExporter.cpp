#include "charts/ChartExporter.h"

#include "charts/ChartThinning.h"
#include "charts/QtChartRenderer.h"

#include <QFileInfo>
#include <QGraphicsScene>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

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
        text += QStringLiteral("marker,") + csvField(m.label) + QLatin1Char(',') + number(m.position.x())
                + QLatin1Char(',') + number(m.position.y()) + QStringLiteral(",,\n");
    return text;
}

bool ChartExporter::write(const ChartSpec& spec, const QString& path, Format format, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("could not open %1: %2").arg(path, file.errorString());
        return false;
    }
    switch (format) {
    case Format::Png:
        return commit(file, renderImage(spec).save(&file, "PNG"), error);
    case Format::Svg: {
        QSvgGenerator generator;
        generator.setOutputDevice(&file);
        generator.setSize(kDefaultSize);
        generator.setViewBox(QRect(QPoint(0, 0), kDefaultSize));
        generator.setTitle(spec.title);
        QPainter painter;
        const bool painted = painter.begin(&generator);
        if (painted) {
            renderScene(thinForColumns(spec, kDefaultSize.width()), &painter, QRectF(QPoint(0, 0), kDefaultSize),
                        kDefaultSize, {});
            painter.end();
        }
        return commit(file, painted, error);
    }
    case Format::Pdf: {
        QPdfWriter writer(&file);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageOrientation(QPageLayout::Landscape);
        writer.setTitle(spec.title);
        writer.setCreator(QStringLiteral("spare-studio"));
        QPainter painter;
        const bool painted = painter.begin(&writer);
        if (painted) {
            // Fit the logical size into the page, keeping the aspect ratio.
            const QRectF page = QRectF(QPointF(0, 0), QSizeF(writer.width(), writer.height()));
            QSizeF target = QSizeF(kDefaultSize).scaled(page.size(), Qt::KeepAspectRatio);
            renderScene(thinForColumns(spec, kDefaultSize.width()), &painter, QRectF(QPointF(0, 0), target),
                        kDefaultSize, {});
            painter.end();
        }
        return commit(file, painted, error);
    }
    case Format::Csv:
        return commit(file, file.write(csvText(spec).toUtf8()) >= 0, error);
    }
    return false;
}

bool ChartExporter::writeByExtension(const ChartSpec& spec, const QString& path, QString* error)
{
    Format format;
    if (!formatForPath(path, &format)) {
        if (error)
            *error = QStringLiteral("unknown chart format for %1 (use .png, .svg, .pdf or .csv)").arg(path);
        return false;
    }
    return write(spec, path, format, error);
}

}  // namespace spare
