#pragma once

#include "engine/sim/RecordingChunk.h"

#include <QAbstractTableModel>

#include <vector>

namespace spare {

// Every recorded event of the current run as a table (time, group, kind, details). Rows are appended
// chunk by chunk; the chunks are shared with the playback, not copied.
class EventLogModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TimeColumn, GroupColumn, KindColumn, DetailsColumn, ColumnCount };
    enum Role { KindRole = Qt::UserRole + 1, EventIndexRole, TimeRole, GroupRole, SortRole };

    explicit EventLogModel(QObject* parent = nullptr);

    void clear();
    void append(const RecordingChunkPtr& chunk);
    const Event& event(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString kindName(EventKind kind);
    static QString details(const Event& event);
    static QString formatTime(double seconds);

private:
    std::vector<RecordingChunkPtr> chunks_;
    std::vector<int> chunkStartRow_;
    int rows_ = 0;
};

}  // namespace spare
