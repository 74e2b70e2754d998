#pragma once

#include "engine/sim/RunMetrics.h"
#include "ui/playback/PlaybackState.h"

#include <QAbstractTableModel>
#include <QString>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace spare {

// The Compare tab's table: one row per metric of RunMetrics (the engine's runMetricsFields, plus the
// reorder moves the recording counts), columns run A, run B, B - A and (B - A) / |A|. While a run plays
// its column shows what the playback state knows at the clock's time (steps done, failures, restarts,
// restart, shrink and down time, availability); once it has played to its end, every metric of the
// run. Differences show wherever both runs have a value. Times show in hours, availability in percent;
// ValueRole gives the exact number behind every value cell.
class MetricDifferenceModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { MetricColumn, RunAColumn, RunBColumn, DifferenceColumn, RelativeColumn, ColumnCount };
    static constexpr int ValueRole = Qt::UserRole;
    static constexpr const char* kMovesKey = "reorder_moves";

    explicit MetricDifferenceModel(QObject* parent = nullptr);

    // A run that has played to its end: its metrics and the moves of its reorder decisions.
    void setRun(int side, const RunMetrics& metrics, std::int64_t moves);
    // A run at the clock's time: the rows its playback state knows; the others stay empty.
    void setProgress(int side, const PlaybackState& state);
    // Empties both runs' columns and names them ("A: r = 3").
    void clear(const QString& nameA, const QString& nameB);
    // The row of a metric key ("ttt_s", "reorder_moves"), -1 when there is none.
    int rowOf(const std::string& key) const;
    const std::string& key(int row) const { return keys_[static_cast<std::size_t>(row)]; }
    // Both runs have played to their ends: every row is filled.
    bool complete() const { return final_[0] && final_[1]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::optional<double> value(int side, int row) const;
    std::optional<double> cellValue(int row, int column) const;
    QString cellText(int row, int column) const;

    std::vector<std::string> keys_;
    void show(int side, std::vector<std::optional<double>> values, bool final);

    std::array<std::vector<std::optional<double>>, 2> values_;  // per run, one per key (empty: none)
    std::array<bool, 2> final_{};
    std::array<QString, 2> names_{QStringLiteral("A"), QStringLiteral("B")};
};

}  // namespace spare
