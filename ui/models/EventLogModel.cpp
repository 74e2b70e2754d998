#include "ui/models/EventLogModel.h"

#include "engine/output/EventDetails.h"
#include "engine/sim/RestartCause.h"
#include "ui/models/CountedNoun.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace spare {

namespace {

QString restartCauseText(RestartCause cause)
{
    switch (cause) {
    case RestartCause::Wipeout: return QCoreApplication::translate("EventLogModel", "wipe-out");
    case RestartCause::ReplicaSetLost: return QCoreApplication::translate("EventLogModel", "replica set lost");
    case RestartCause::AnyFailure: return QCoreApplication::translate("EventLogModel", "CKPT-only failure");
    case RestartCause::BelowQuorum: return QCoreApplication::translate("EventLogModel", "too few live groups");
    case RestartCause::Maintenance: return QCoreApplication::translate("EventLogModel", "planned maintenance");
    case RestartCause::None: break;
    }
    return {};
}

}  // namespace

EventLogModel::EventLogModel(QObject* parent) : QAbstractTableModel(parent) {}

void EventLogModel::clear()
{
    beginResetModel();
    chunks_.clear();
    chunkStartRow_.clear();
    rows_ = 0;
    endResetModel();
}

void EventLogModel::append(const RecordingChunkPtr& chunk)
{
    if (!chunk || chunk->events.empty())
        return;
    const int added = static_cast<int>(chunk->events.size());
    beginInsertRows({}, rows_, rows_ + added - 1);
    chunks_.push_back(chunk);
    chunkStartRow_.push_back(rows_);
    rows_ += added;
    endInsertRows();
}

const Event& EventLogModel::event(int row) const
{
    const auto it = std::upper_bound(chunkStartRow_.begin(), chunkStartRow_.end(), row);
    const auto c = static_cast<std::size_t>(it - chunkStartRow_.begin() - 1);
    return chunks_[c]->events[static_cast<std::size_t>(row - chunkStartRow_[c])];
}

int EventLogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : rows_;
}

int EventLogModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString EventLogModel::formatTime(double seconds)
{
    const auto total = static_cast<long long>(std::floor(seconds));
    const double frac = seconds - static_cast<double>(total);
    return QStringLiteral("%1:%2:%3.%4")
        .arg(total / 3600)
        .arg((total / 60) % 60, 2, 10, QLatin1Char('0'))
        .arg(total % 60, 2, 10, QLatin1Char('0'))
        .arg(static_cast<int>(frac * 10), 1, 10, QLatin1Char('0'));
}

QString EventLogModel::kindName(EventKind kind)
{
    return QString::fromLatin1(eventKindName(kind));
}

QString EventLogModel::details(const Event& e)
{
    auto tr = [](const char* text) { return QCoreApplication::translate("EventLogModel", text); };
    switch (e.kind) {
    case EventKind::StepStart: return tr("step %1 starts, S = %2").arg(e.step).arg(e.stackNumber);
    case EventKind::StackCompute: return tr("stack position %1, %2 s").arg(e.value).arg(e.duration, 0, 'f', 1);
    case EventKind::AllReduce: return tr("all-reduce %1 s").arg(e.duration, 0, 'f', 1);
    case EventKind::FailedAllReduce: return tr("failed all-reduce %1 s").arg(e.duration, 0, 'f', 1);
    case EventKind::StepEnd: return tr("step %1 committed").arg(e.step);
    case EventKind::Failure:
        // A domain or categorised failure names where it came from, as the events CSV does.
        return e.origin ? tr("GPU %1 failed (%2)").arg(e.gpu).arg(QString::fromStdString(failureOriginText(*e.origin)))
                        : tr("GPU %1 failed").arg(e.gpu);
    case EventKind::Detection: return tr("%1 failure(s) noticed").arg(e.value);
    case EventKind::Decision: {
        if (!e.decision)
            return {};
        const ReorderDecision& d = *e.decision;
        if (d.wipeout) {
            QStringList lost;
            for (int t : d.lostTypes)
                lost << QString::number(t);
            return tr("wipe-out: type %1 lost").arg(lost.join(QStringLiteral(", ")));
        }
        return tr("phase %1, %2, %3, S %4 -> %5")
            .arg(static_cast<int>(d.phase))
            .arg(countedNoun(d.moves, "move", "moves"), countedNoun(d.patchComputes, "patch", "patches"))
            .arg(d.previousStackNumber)
            .arg(d.stackNumber);
    }
    case EventKind::PatchCompute:
        return tr("%1 patch, %2 s").arg(countedNoun(e.value, "group", "groups")).arg(e.duration, 0, 'f', 1);
    case EventKind::Shrink: return tr("communicator shrink %1 s").arg(e.duration, 0, 'f', 1);
    case EventKind::RestartStart: {
        return tr("global restart (%1), %2 s").arg(restartCauseText(restartCauseFromValue(e.value))).arg(e.duration, 0, 'f', 0);
    }
    case EventKind::RestartEnd: return tr("all groups back");
    case EventKind::Rollback: return tr("resume at step %1, %2 steps of rework").arg(e.step).arg(e.value);
    case EventKind::CheckpointStart: return tr("checkpoint of step %1, writer group %2").arg(e.step).arg(e.group);
    case EventKind::CheckpointEnd: return tr("checkpoint of step %1 written").arg(e.step);
    case EventKind::CheckpointVoided: return tr("writer failed: checkpoint of step %1 not written").arg(e.step);
    case EventKind::RunEnd: return tr("all steps done");
    case EventKind::Rejoin: return tr("group %1 back: nodes replaced, state transferred").arg(e.group);
    case EventKind::Reconfigure:
        return tr("step lost, failed groups leave: %1 live, %2 s to detect and re-plan")
            .arg(e.value)
            .arg(e.duration, 0, 'f', 1);
    case EventKind::Restore:
        return e.value ? tr("restore from the in-memory checkpoint") : tr("restore from storage (a copy in memory was lost)");
    }
    return {};
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Event& e = event(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn: return formatTime(e.time);
        case GroupColumn: return e.group >= 0 ? QVariant(e.group) : QVariant(QString());
        case KindColumn: return kindName(e.kind);
        case DetailsColumn: return details(e);
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == TimeColumn || index.column() == GroupColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case KindRole: return static_cast<int>(e.kind);
    case EventIndexRole: return static_cast<qulonglong>(index.row());
    case TimeRole: return e.time;
    case GroupRole: return e.group;
    case SortRole:
        switch (index.column()) {
        case TimeColumn: return e.time;
        case GroupColumn: return e.group;
        case KindColumn: return static_cast<int>(e.kind);
        default: return details(e);
        }
    default: break;
    }
    return {};
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TimeColumn: return tr("Time (h:mm:ss)");
    case GroupColumn: return tr("Group");
    case KindColumn: return tr("Kind");
    case DetailsColumn: return tr("Details");
    }
    return {};
}

}  // namespace spare
