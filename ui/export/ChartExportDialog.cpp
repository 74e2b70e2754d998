#include "export/ChartExportDialog.h"

#include "charts/ChartExporter.h"
#include "export/ExportLocation.h"

#include <QFileDialog>
#include <QMessageBox>

namespace spare {

void ChartExportDialog::run(QWidget* parent, const ChartSpec& spec, const QString& namePrefix)
{
    const QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Export chart"),
                                                      ExportLocation::suggest(namePrefix, spec.id, QStringLiteral("png")),
                                                      QObject::tr("Charts (*.png *.svg *.pdf *.csv)"));
    if (path.isEmpty())
        return;
    ExportLocation::remember(path);
    QString error;
    if (!ChartExporter::writeByExtension(spec, path, &error))
        QMessageBox::warning(parent, QObject::tr("Export chart"), error);
}

}  // namespace spare
