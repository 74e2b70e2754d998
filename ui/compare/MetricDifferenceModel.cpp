#include "ui/compare/MetricDifferenceModel.h"

#include "engine/sim/RunMetricsJson.h"

#include <QLocale>

#include <cmath>
#include <string_view>

namespace spare {

namespace {

enum class Unit { Hours, Ratio, Percent, Count };

struct MetricLabel {
    std::string_view key;
    const char* label;
    Unit unit;
};

// How each engine key reads in the table; a key missing here shows under its own name.
constexpr MetricLabel kLabels[] = {
    {"ttt_s", "TTT [h]", Unit::Hours},
    {"t0_s", "T\u2080, failure-free [h]", Unit::Hours},
    {"ttt_ratio", "TTT / T\u2080", Unit::Ratio},
    {"effective_throughput", "Effective throughput T\u2080 / TTT", Unit::Ratio},
    {"availability", "Availability [%]", Unit::Percent},
    {"down_s", "Down time [h]", Unit::Hours},
    {"restart_s", "Restart time [h]", Unit::Hours},
    {"shrink_s", "Shrink time [h]", Unit::Hours},
    {"checkpoint_s", "Checkpoint time [h]", Unit::Hours},
    {"failed_allreduce_s", "Failed all-reduce time [h]", Unit::Hours},
    {"patch_s", "Patch compute time [h]", Unit::Hours},
    {"steps", "Steps asked", Unit::Count},
    {"steps_done", "Steps done", Unit::Count},
    {"checkpoint_interval_steps", "Checkpoint interval T_c [steps]", Unit::Count},
    {"executed_steps", "Executed steps", Unit::Count},
    {"rework_steps", "Steps rolled back", Unit::Count},
    {"checkpoints_written", "Checkpoints written", Unit::Count},
    {"checkpoints_voided", "Checkpoints voided", Unit::Count},
    {"failures", "Failures", Unit::Count},
    {"restart_failures", "Failures during restarts", Unit::Count},
    {"masked_failures", "Masked failures", Unit::Count},
    {"restarts", "Restarts", Unit::Count},
    {"mean_restart_s", "Mean restart [h]", Unit::Hours},
    {"mean_stack_number", "Mean stack number S", Unit::Ratio},
    {"patch_computes", "Patch computes", Unit::Count},
    {"phase0_decisions", "Fixed checks (phase 0)", Unit::Count},
    {"phase2_decisions", "Reorders (phase 2)", Unit::Count},
    {"wipeouts", "Wipe-outs", Unit::Count},
    {"events", "Simulated events", Unit::Count},
    {"ettr", "ETTR (productive / wall-clock) [%]", Unit::Percent},
    {"productive_s", "Productive time [h]", Unit::Hours},
    {"maintenance_s", "Maintenance time [h]", Unit::Hours},
    {"maintenance_stops", "Maintenance stops", Unit::Count},
    {MetricDifferenceModel::kMovesKey, "Reorder moves", Unit::Count},
};

const MetricLabel* labelOf(const std::string& key)
{
    for (const MetricLabel& label : kLabels)
        if (label.key == key)
            return &label;
    return nullptr;
}

QString formatted(double value, Unit unit, bool signedValue)
{
    const QLocale english(QLocale::English);
    QString text;
    switch (unit) {
    case Unit::Hours: text = english.toString(value / 3600.0, 'f', 3); break;
    case Unit::Ratio: text = english.toString(value, 'f', 4); break;
    case Unit::Percent: text = english.toString(100.0 * value, 'f', 2); break;
    case Unit::Count: text = english.toString(static_cast<qlonglong>(std::llround(value))); break;
    }
    return signedValue && value > 0.0 ? QStringLiteral("+") + text : text;
}

}  // namespace

MetricDifferenceModel::MetricDifferenceModel(QObject* parent) : QAbstractTableModel(parent)
{
    for (const auto& [key, value] : runMetricsFields(RunMetrics{}))
        keys_.push_back(key);
    keys_.emplace_back(kMovesKey);
}

void MetricDifferenceModel::setRun(int side, const RunMetrics& metrics, std::int64_t moves)
{
    std::vector<std::optional<double>> values;
    for (const auto& [key, value] : runMetricsFields(metrics))
        values.emplace_back(value);
    values.emplace_back(static_cast<double>(moves));
    show(side, std::move(values), true);
}

void MetricDifferenceModel::setProgress(int side, const PlaybackState& state)
{
    const SimulationSnapshot& s = state.snapshot();
    const RunFigures f = state.figures();
    const std::pair<const char*, double> known[] = {
        {"steps_done", f.stepsDone},
        {"failures", f.failures},
        {"restarts", f.restarts},
        {"restart_s", f.downTimeS - s.shrinkTimeS},
        {"shrink_s", s.shrinkTimeS},
        {"down_s", f.downTimeS},
        {"availability", f.availability},
    };
    std::vector<std::optional<double>> values(keys_.size());
    for (const auto& [key, value] : known)
        values[static_cast<std::size_t>(rowOf(key))] = value;
    show(side, std::move(values), false);
}

void MetricDifferenceModel::show(int side, std::vector<std::optional<double>> values, bool final)
{
    const auto i = static_cast<std::size_t>(side);
    if (values == values_[i] && final == final_[i])
        return;
    values_[i] = std::move(values);
    final_[i] = final;
    emit dataChanged(index(0, RunAColumn), index(rowCount() - 1, RelativeColumn));
}

void MetricDifferenceModel::clear(const QString& nameA, const QString& nameB)
{
    values_ = {};
    final_ = {};
    names_ = {nameA, nameB};
    emit headerDataChanged(Qt::Horizontal, RunAColumn, RunBColumn);
    emit dataChanged(index(0, RunAColumn), index(rowCount() - 1, RelativeColumn));
}

int MetricDifferenceModel::rowOf(const std::string& key) const
{
    for (std::size_t row = 0; row < keys_.size(); ++row)
        if (keys_[row] == key)
            return static_cast<int>(row);
    return -1;
}

int MetricDifferenceModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(keys_.size());
}

int MetricDifferenceModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

std::optional<double> MetricDifferenceModel::value(int side, int row) const
{
    const auto& values = values_[static_cast<std::size_t>(side)];
    if (values.empty())
        return std::nullopt;
    return values[static_cast<std::size_t>(row)];
}

std::optional<double> MetricDifferenceModel::cellValue(int row, int column) const
{
    const std::optional<double> a = value(0, row);
    const std::optional<double> b = value(1, row);
    switch (column) {
    case RunAColumn: return a;
    case RunBColumn: return b;
    case DifferenceColumn:
        if (a && b)
            return *b - *a;
        return std::nullopt;
    case RelativeColumn:
        // Relative to run A; undefined where A is 0 and B is not.
        if (!a || !b || (*a == 0.0 && *b != 0.0))
            return std::nullopt;
        return *a == 0.0 ? 0.0 : (*b - *a) / std::abs(*a);
    default: return std::nullopt;
    }
}

QString MetricDifferenceModel::cellText(int row, int column) const
{
    const std::string& k = keys_[static_cast<std::size_t>(row)];
    const MetricLabel* label = labelOf(k);
    if (column == MetricColumn)
        return label ? QString::fromUtf8(label->label) : QString::fromStdString(k);
    const std::optional<double> v = cellValue(row, column);
    if (!v)
        return column == RelativeColumn && value(0, row) && value(1, row) ? QStringLiteral("n/a") : QString();
    if (column == RelativeColumn)
        return formatted(*v, Unit::Percent, true) + QLatin1Char('%');
    return formatted(*v, label ? label->unit : Unit::Ratio, column == DifferenceColumn);
}

QVariant MetricDifferenceModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case Qt::DisplayRole: return cellText(index.row(), index.column());
    case ValueRole: {
        const std::optional<double> v = cellValue(index.row(), index.column());
        return v ? QVariant(*v) : QVariant();
    }
    case Qt::ToolTipRole:
        if (index.column() == MetricColumn)
            return QString::fromStdString(keys_[static_cast<std::size_t>(index.row())]);
        if (index.column() == RelativeColumn)
            return tr("(B - A) / |A|; n/a where A is 0 and B is not");
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == MetricColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant MetricDifferenceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case MetricColumn: return tr("Metric");
    case RunAColumn: return names_[0];
    case RunBColumn: return names_[1];
    case DifferenceColumn: return tr("B - A");
    case RelativeColumn: return tr("(B - A) / |A|");
    default: return {};
    }
}

}  // namespace spare
