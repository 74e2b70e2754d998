#pragma once

#include <QString>

namespace spare {

// "1 move", "3 moves": a count with its noun in the right number.
inline QString countedNoun(long long count, const char* one, const char* many)
{
    return QStringLiteral("%1 %2").arg(count).arg(QString::fromLatin1(count == 1 ? one : many));
}

}  // namespace spare
