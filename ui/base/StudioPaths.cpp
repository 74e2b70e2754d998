#include "ui/base/StudioPaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace spare {

QString StudioPaths::scenarioDirectory()
{
    const QString installed = QCoreApplication::applicationDirPath() + QStringLiteral("/../share/spare/scenarios");
    if (QFileInfo(installed).isDir())
        return QDir::cleanPath(installed);
    return QStringLiteral(SPARE_SOURCE_DIR "/scenarios");
}

QString StudioPaths::defaultScenario()
{
    return scenarioDirectory() + QStringLiteral("/teaching-12.json");
}

}  // namespace spare
