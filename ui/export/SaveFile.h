#pragma once

#include <QByteArray>
#include <QString>

namespace spare {

// Writes bytes through QSaveFile: the old file stays whole until the new one is complete.
// Throws std::runtime_error naming the path on failure.
void saveFileAtomically(const QString& path, const QByteArray& bytes);

}  // namespace spare
