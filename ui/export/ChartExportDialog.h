#pragma once

#include "charts/ChartSpec.h"

#include <QString>

class QWidget;

namespace spare {

// File > Export of one chart from any tab: a save dialog in the last export folder with a name that
// says what it is ("<prefix>-<chart id>.png"), the format from the extension, a message on failure.
class ChartExportDialog {
public:
    static void run(QWidget* parent, const ChartSpec& spec, const QString& namePrefix);
};

}  // namespace spare
