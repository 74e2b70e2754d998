#pragma once

#include "engine/sim/Event.h"

#include <QSortFilterProxyModel>

#include <cstdint>

namespace spare {

// Filters the event log by kind (a set of kinds) and by text (case-insensitive, in kind or details),
// and sorts numerically by time / group / kind.
class EventFilterProxyModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit EventFilterProxyModel(QObject* parent = nullptr);

    static std::uint32_t kindBit(EventKind kind) { return 1u << static_cast<unsigned>(kind); }
    static std::uint32_t allKinds();
    // Failures, decisions, restarts, rollbacks, checkpoints, run end: what a reader usually wants.
    static std::uint32_t notableKinds();

    void setKindMask(std::uint32_t mask);
    std::uint32_t kindMask() const { return kindMask_; }
    void setText(const QString& text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    std::uint32_t kindMask_;
    QString text_;
};

}  // namespace spare
