#pragma once

#include <QString>

namespace spare {

// Where export dialogs start: the folder of the last export (remembered across sessions in
// QSettings), and a file name that says what it holds ("paper-n600-throughput-vs-r.png", not
// "chart.png").
class ExportLocation {
public:
    // `scenario`-`what`.`extension` in the last export folder (the home folder before the first one);
    // an empty extension names a folder.
    static QString suggest(const QString& scenario, const QString& what, const QString& extension);
    // Remembers the folder of a path the user chose (call it with the dialog's result).
    static void remember(const QString& chosenPath);
    static QString folder();
};

}  // namespace spare
