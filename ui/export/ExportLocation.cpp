#include "ui/export/ExportLocation.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace spare {
namespace {

const QString kFolderKey = QStringLiteral("export/folder");

// Keeps names portable: letters, digits, '-', '_' and '.'; anything else becomes '-'.
QString fileNamePart(const QString& text)
{
    QString part;
    for (const QChar c : text)
        part += c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_') || c == QLatin1Char('.') ? c : QLatin1Char('-');
    return part;
}

}  // namespace

QString ExportLocation::folder()
{
    const QString remembered = QSettings().value(kFolderKey).toString();
    return !remembered.isEmpty() && QFileInfo(remembered).isDir() ? remembered : QDir::homePath();
}

QString ExportLocation::suggest(const QString& scenario, const QString& what, const QString& extension)
{
    QString name = scenario.isEmpty() ? what : fileNamePart(scenario) + QLatin1Char('-') + what;
    if (!extension.isEmpty())
        name += QLatin1Char('.') + extension;
    return QDir(folder()).filePath(name);
}

void ExportLocation::remember(const QString& chosenPath)
{
    if (chosenPath.isEmpty())
        return;
    const QFileInfo info(chosenPath);
    QSettings().setValue(kFolderKey, info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

}  // namespace spare
