#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <limits>
#include <optional>

namespace spare {

class CampaignData;

// A metric at one grid point: the mean over seeds, its 95% confidence interval (NaN where it has
// none: one seed, or best r) and the seeds behind it.
struct CampaignValue {
    double mean = std::numeric_limits<double>::quiet_NaN();
    double low = std::numeric_limits<double>::quiet_NaN();
    double high = std::numeric_limits<double>::quiet_NaN();
    int n = 0;
    QString detail;  // best r and gain: what the value was computed from

    bool isValid() const;
    bool hasInterval() const;
};

// What the Campaign view can show, computed from the merged columns (docs/campaigns.md):
//   ttt-ratio     mean ttt_ratio over the seeds of a grid point (95% CI: Student t)
//   availability  mean availability, likewise
//   ettr          mean effective training time ratio (productive / wall-clock time), likewise; empty for
//                 results written before runs reported it
//   best-r        the cluster.redundancy with the lowest mean TTT/T0, the other keys fixed
//   gain          1 - TTT_SPARe / TTT_Rep, each at its best r when r is a grid key (the Analysis
//                 summary's "gain of SPARe over Rep"); CI by the delta method from both means' CIs
// best-r reduces over cluster.redundancy, gain over run.policy (and cluster.redundancy): those keys are
// not axes or selectors for them.
class CampaignMetric {
public:
    enum class Kind { TttRatio, Availability, BestR, Gain, Ettr };

    static QStringList names();
    static std::optional<Kind> parse(const QString& name);
    static QString name(Kind kind);
    static QString label(Kind kind);  // axis / legend text
    // The value as shown (percentages for availability, ETTR and gain); `digits` significant digits when > 0.
    static QString format(Kind kind, double value, int digits = 0);

    // Keys the metric reduces over (never axes); empty when it uses every key.
    static QStringList reducedKeys(Kind kind);
    // "" when the data can show the metric, else why not (e.g. best-r without a cluster.redundancy key).
    static QString unavailableReason(Kind kind, const CampaignData& data);
    // Indices of the keys that remain free for this metric.
    static QVector<int> freeKeys(Kind kind, const CampaignData& data);
    // The value at `point` (one value index per key; reduced keys' entries are ignored).
    static CampaignValue value(Kind kind, const CampaignData& data, QVector<int> point);
};

}  // namespace spare
