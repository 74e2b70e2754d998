#include "ui/models/EventFilterProxyModel.h"

#include "ui/models/EventLogModel.h"

namespace spare {

EventFilterProxyModel::EventFilterProxyModel(QObject* parent)
    : QSortFilterProxyModel(parent), kindMask_(allKinds())
{
    setSortRole(EventLogModel::SortRole);
}

std::uint32_t EventFilterProxyModel::allKinds()
{
    return (kindBit(kLastEventKind) << 1) - 1;
}

std::uint32_t EventFilterProxyModel::notableKinds()
{
    std::uint32_t mask = 0;
    for (EventKind k : {EventKind::Failure, EventKind::Decision, EventKind::PatchCompute, EventKind::RestartStart,
                        EventKind::RestartEnd, EventKind::Rollback, EventKind::CheckpointEnd,
                        EventKind::CheckpointVoided, EventKind::RunEnd, EventKind::Rejoin, EventKind::Reconfigure,
                        EventKind::Restore})
        mask |= kindBit(k);
    return mask;
}

void EventFilterProxyModel::setKindMask(std::uint32_t mask)
{
    if (mask == kindMask_)
        return;
    kindMask_ = mask;
    invalidateRowsFilter();
}

void EventFilterProxyModel::setText(const QString& text)
{
    if (text == text_)
        return;
    text_ = text;
    invalidateRowsFilter();
}

bool EventFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    auto* log = qobject_cast<const EventLogModel*>(sourceModel());
    if (!log || sourceParent.isValid())
        return false;
    const Event& e = log->event(sourceRow);
    if ((kindBit(e.kind) & kindMask_) == 0)
        return false;
    if (text_.isEmpty())
        return true;
    return EventLogModel::kindName(e.kind).contains(text_, Qt::CaseInsensitive)
        || EventLogModel::details(e).contains(text_, Qt::CaseInsensitive)
        || (e.group >= 0 && QString::number(e.group) == text_);
}

}  // namespace spare
