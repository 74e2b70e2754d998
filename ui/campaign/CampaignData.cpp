#include "ui/campaign/CampaignData.h"

#include "engine/campaign/MergedCampaignTable.h"

#include <QByteArray>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace spare {

namespace {

// The values of one parameter column, interned: value index per row.
struct ColumnValues {
    QStringList values;
    QVector<int> perRow;
};

ColumnValues intern(const MergedCampaignTable& table, std::size_t column)
{
    ColumnValues out;
    QHash<QString, int> seen;
    out.perRow.reserve(static_cast<qsizetype>(table.runs.size()));
    for (const MergedCampaignRun& run : table.runs) {
        const QString value = QString::fromStdString(run.parameters[column]);
        auto it = seen.find(value);
        if (it == seen.end()) {
            it = seen.insert(value, static_cast<int>(out.values.size()));
            out.values.append(value);
        }
        out.perRow.append(*it);
    }
    return out;
}

// Whether every row with the same values in `keys` has the same value in `column`.
bool followsFrom(const ColumnValues& column, const QVector<const ColumnValues*>& keys)
{
    QHash<QByteArray, int> valueAt;
    for (qsizetype row = 0; row < column.perRow.size(); ++row) {
        QByteArray point;
        for (const ColumnValues* key : keys)
            point.append(reinterpret_cast<const char*>(&key->perRow[row]), sizeof(int));
        const auto it = valueAt.constFind(point);
        if (it == valueAt.constEnd())
            valueAt.insert(point, column.perRow[row]);
        else if (*it != column.perRow[row])
            return false;
    }
    return true;
}

// Sorts the key's values (numbers ascending, else text) and returns old index -> new index.
QVector<int> sortValues(CampaignKey& key)
{
    QVector<double> numbers;
    for (const QString& value : key.values) {
        bool ok = false;
        const double number = value.toDouble(&ok);
        if (!ok || !std::isfinite(number)) {
            numbers.clear();
            break;
        }
        numbers.append(number);
    }
    QVector<int> order(key.values.size());
    std::iota(order.begin(), order.end(), 0);
    if (numbers.isEmpty())
        std::sort(order.begin(), order.end(), [&](int a, int b) { return key.values[a] < key.values[b]; });
    else
        std::sort(order.begin(), order.end(), [&](int a, int b) { return numbers[a] < numbers[b]; });
    QVector<int> newIndex(order.size());
    QStringList values;
    for (qsizetype i = 0; i < order.size(); ++i) {
        newIndex[order[i]] = static_cast<int>(i);
        // Numbers as the shortest text ("150", not the merge's "150.0").
        values.append(numbers.isEmpty() ? key.values[order[i]] : QString::number(numbers[order[i]], 'g', 12));
        if (!numbers.isEmpty())
            key.numbers.append(numbers[order[i]]);
    }
    key.values = values;
    return newIndex;
}

// The most frequent value; among equally frequent ones, the one nearest the middle.
int baseIndex(const QVector<int>& counts)
{
    const int most = *std::max_element(counts.begin(), counts.end());
    const double middle = static_cast<double>(counts.size() / 2);
    int best = -1;
    for (int i = 0; i < counts.size(); ++i)
        if (counts[i] == most && (best < 0 || std::abs(i - middle) < std::abs(best - middle)))
            best = i;
    return best;
}

}  // namespace

int CampaignKey::indexOf(const QString& value) const
{
    const int exact = static_cast<int>(values.indexOf(value));
    if (exact >= 0 || !isNumeric())
        return exact;
    bool ok = false;
    const double number = value.toDouble(&ok);
    return ok ? static_cast<int>(numbers.indexOf(number)) : -1;
}

std::shared_ptr<const CampaignData> CampaignData::fromTable(const MergedCampaignTable& table, const QString& source)
{
    auto data = std::make_shared<CampaignData>();
    data->source_ = source;
    for (const auto& [key, value] : table.provenance)
        if (key == "campaign")
            data->campaignName_ = QString::fromStdString(value);

    std::vector<ColumnValues> keyColumns;
    QVector<const ColumnValues*> chosen;
    keyColumns.reserve(table.parameterColumns.size());
    for (std::size_t c = 0; c < table.parameterColumns.size(); ++c) {
        ColumnValues column = intern(table, c);
        if (column.values.size() < 2 || followsFrom(column, chosen))
            continue;
        CampaignKey key;
        key.name = QString::fromStdString(table.parameterColumns[c]);
        key.values = column.values;
        const QVector<int> newIndex = sortValues(key);
        QVector<int> counts(key.values.size(), 0);
        for (int& index : column.perRow) {
            index = newIndex[index];
            ++counts[index];
        }
        key.defaultIndex = baseIndex(counts);
        data->keys_.append(key);
        keyColumns.push_back(std::move(column));
        chosen.append(&keyColumns.back());
    }

    const std::size_t ttt = *table.metricIndex("ttt_ratio");
    const std::size_t availability = *table.metricIndex("availability");
    const std::optional<std::size_t> ettr = table.metricIndex("ettr");
    QVector<int> point(data->keys_.size());
    for (std::size_t row = 0; row < table.runs.size(); ++row) {
        const MergedCampaignRun& run = table.runs[row];
        if (!run.ok || !std::isfinite(run.metrics[ttt])) {
            ++data->failedRuns_;
            continue;
        }
        for (qsizetype k = 0; k < point.size(); ++k)
            point[k] = keyColumns[static_cast<std::size_t>(k)].perRow[static_cast<qsizetype>(row)];
        CampaignSamples& samples = data->samples_[data->flatIndex(point)];
        samples.tttRatio.append(run.metrics[ttt]);
        samples.availability.append(run.metrics[availability]);
        samples.ettr.append(ettr ? run.metrics[*ettr] : std::nan(""));
        ++data->okRuns_;
    }
    return data;
}

int CampaignData::keyIndex(const QString& name) const
{
    for (qsizetype k = 0; k < keys_.size(); ++k)
        if (keys_[k].name == name)
            return static_cast<int>(k);
    return -1;
}

const CampaignSamples* CampaignData::samples(const QVector<int>& point) const
{
    const auto it = samples_.constFind(flatIndex(point));
    return it == samples_.constEnd() ? nullptr : &*it;
}

QVector<int> CampaignData::defaultPoint() const
{
    QVector<int> point;
    for (const CampaignKey& key : keys_)
        point.append(key.defaultIndex);
    return point;
}

qint64 CampaignData::flatIndex(const QVector<int>& point) const
{
    qint64 index = 0;
    for (qsizetype k = 0; k < keys_.size(); ++k)
        index = index * keys_[k].values.size() + point[k];
    return index;
}

}  // namespace spare
