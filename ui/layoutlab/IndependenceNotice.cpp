#include "ui/layoutlab/IndependenceNotice.h"

#include <QObject>

#include <algorithm>
#include <numeric>

namespace spare {

QString IndependenceNotice::text(const QString& layoutName, int maxOverlap, std::int64_t pairsSharingSeveral)
{
    if (maxOverlap <= 1)
        return {};
    return QObject::tr("The %1 layout is not independent: groups share up to %2 types (%3 pairs of groups share two or "
                       "more). The closed-form mu assumes independent wipe-outs and does not hold: the lab shows the "
                       "Monte-Carlo mu.")
        .arg(layoutName)
        .arg(maxOverlap)
        .arg(pairsSharingSeveral);
}

QString IndependenceNotice::shortText(int maxOverlap, std::int64_t pairsSharingSeveral)
{
    if (maxOverlap <= 1)
        return {};
    return QObject::tr("layout NOT independent: max overlap %1, %2 pairs; closed-form mu does not hold")
        .arg(maxOverlap)
        .arg(pairsSharingSeveral);
}

std::int64_t IndependenceNotice::pairsSharingSeveral(const std::vector<std::int64_t>& pairs)
{
    return std::accumulate(pairs.begin() + std::min<std::ptrdiff_t>(2, static_cast<std::ptrdiff_t>(pairs.size())),
                           pairs.end(), std::int64_t(0));
}

}  // namespace spare
