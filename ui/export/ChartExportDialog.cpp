#include "ui/export/ChartExportDialog.h"

#include "ui/charts/ChartExporter.h"
#include "ui/export/ExportLocation.h"

#include <QFileDialog>
#include <QMessageBox>

namespace spare {

namespace {

struct FigureSize {
    const char* name;
    double widthInches;  // 0: on-screen
};

constexpr FigureSize kSizes[] = {{"on-screen size", 0.0}, {"single column, 3.5 in", 3.5}, {"double column, 7 in", 7.0}};

}  // namespace

QStringList ChartExportDialog::fileTypes()
{
    QStringList types;
    for (const char* format : {"PNG", "SVG", "PDF"})
        for (const FigureSize& size : kSizes)
            types << QStringLiteral("%1, %2 (*.%3)").arg(QLatin1String(format), QLatin1String(size.name), QString::fromLatin1(format).toLower());
    types << QStringLiteral("CSV, the data (*.csv)");
    return types;
}

ChartExportOptions ChartExportDialog::optionsForFileType(const QString& fileType)
{
    ChartExportOptions options;
    for (const FigureSize& size : kSizes)
        if (size.widthInches > 0.0 && fileType.contains(QLatin1String(size.name)))
            options.inches = ChartExporter::figureOfWidth(size.widthInches);
    return options;
}

void ChartExportDialog::run(QWidget* parent, const ChartSpec& spec, const QString& namePrefix)
{
    QString fileType = fileTypes().front();
    const QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Export chart"),
                                                      ExportLocation::suggest(namePrefix, spec.id, QStringLiteral("png")),
                                                      fileTypes().join(QStringLiteral(";;")), &fileType);
    if (path.isEmpty())
        return;
    ExportLocation::remember(path);
    QString error;
    if (!ChartExporter::writeByExtension(spec, path, &error, optionsForFileType(fileType)))
        QMessageBox::warning(parent, QObject::tr("Export chart"), error);
}

}  // namespace spare
