#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>

namespace spare {

struct MergedCampaignTable;

// A grid key of a merged campaign: its values (numeric keys ascending, others in first-seen order).
struct CampaignKey {
    QString name;
    QStringList values;
    QVector<double> numbers;  // parallel to values when numeric, else empty
    int defaultIndex = 0;     // the base point: the most frequent value (one-way designs), ties -> the middle one

    bool isNumeric() const { return !numbers.isEmpty(); }
    int indexOf(const QString& value) const;
};

// The ok runs of one grid point (one value per key): TTT/T0, availability and ETTR per seed.
struct CampaignSamples {
    QVector<double> tttRatio;
    QVector<double> availability;
    QVector<double> ettr;  // NaN where the results predate the ettr column
};

// A merged campaign table reduced to what the Campaign view shows, immutable once built (shared
// between threads). The grid keys are the parameter columns that vary independently: a column whose
// value follows from the columns before it (a derived key such as cluster.groups from total_gpus, or
// a key with one value) is not a key.
class CampaignData {
public:
    static std::shared_ptr<const CampaignData> fromTable(const MergedCampaignTable& table, const QString& source);

    const QString& source() const { return source_; }
    const QString& campaignName() const { return campaignName_; }
    const QVector<CampaignKey>& keys() const { return keys_; }
    int keyIndex(const QString& name) const;
    int okRuns() const { return okRuns_; }
    int failedRuns() const { return failedRuns_; }

    // The samples at a point (one value index per key); nullptr where no run is.
    const CampaignSamples* samples(const QVector<int>& point) const;
    // The point with every key at its defaultIndex.
    QVector<int> defaultPoint() const;

private:
    qint64 flatIndex(const QVector<int>& point) const;

    QString source_;
    QString campaignName_;
    QVector<CampaignKey> keys_;
    QHash<qint64, CampaignSamples> samples_;
    int okRuns_ = 0;
    int failedRuns_ = 0;
};

}  // namespace spare
