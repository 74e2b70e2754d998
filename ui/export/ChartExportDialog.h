#pragma once

#include "ui/charts/ChartExportOptions.h"
#include "ui/charts/ChartSpec.h"

#include <QString>
#include <QStringList>

class QWidget;

namespace spare {

// File > Export of one chart from any tab: a save dialog in the last export folder with a name that
// says what it is ("<prefix>-<chart id>.png"), the format from the extension, a message on failure.
// Its file types offer the figure sizes of --size: on-screen, single column (3.5 in), double column (7 in).
class ChartExportDialog {
public:
    static void run(QWidget* parent, const ChartSpec& spec, const QString& namePrefix);

    // The dialog's file types, and the export options of one of them.
    static QStringList fileTypes();
    static ChartExportOptions optionsForFileType(const QString& fileType);
};

}  // namespace spare
