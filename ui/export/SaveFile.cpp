#include "ui/export/SaveFile.h"

#include <QSaveFile>

#include <stdexcept>

namespace spare {

void saveFileAtomically(const QString& path, const QByteArray& bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        throw std::runtime_error(QStringLiteral("could not write %1: %2").arg(path, file.errorString()).toStdString());
}

}  // namespace spare
