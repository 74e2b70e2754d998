#include "ui/campaign/CampaignMetric.h"

#include "engine/campaign/AdaptiveReplication.h"
#include "ui/campaign/CampaignData.h"

#include <cmath>
#include <vector>

namespace spare {

namespace {

const QString kRedundancy = QStringLiteral("cluster.redundancy");
const QString kPolicy = QStringLiteral("run.policy");

CampaignValue meanWithInterval(const QVector<double>& samples)
{
    CampaignValue value;
    value.n = static_cast<int>(samples.size());
    if (samples.isEmpty())
        return value;
    double sum = 0.0;
    for (double s : samples)
        sum += s;
    value.mean = sum / static_cast<double>(samples.size());
    const double half = confidenceHalfWidth95(std::vector<double>(samples.begin(), samples.end()));
    if (std::isfinite(half)) {
        value.low = value.mean - half;
        value.high = value.mean + half;
    }
    return value;
}

CampaignValue tttRatioAt(const CampaignData& data, const QVector<int>& point)
{
    const CampaignSamples* samples = data.samples(point);
    return samples ? meanWithInterval(samples->tttRatio) : CampaignValue{};
}

// Mean TTT/T0 at the best r (lowest mean) with the other keys at `point`; *bestR is that r's index. Without
// an r key, the point itself.
CampaignValue bestTttRatio(const CampaignData& data, QVector<int> point, int* bestR)
{
    const int r = data.keyIndex(kRedundancy);
    *bestR = -1;
    if (r < 0)
        return tttRatioAt(data, point);
    CampaignValue best;
    for (int i = 0; i < data.keys()[r].values.size(); ++i) {
        point[r] = i;
        const CampaignValue candidate = tttRatioAt(data, point);
        if (candidate.isValid() && (!best.isValid() || candidate.mean < best.mean)) {
            best = candidate;
            *bestR = i;
        }
    }
    return best;
}

QString interval(const CampaignValue& v)
{
    return v.hasInterval() ? QStringLiteral(" (95% CI %1 .. %2, n = %3)").arg(v.low, 0, 'f', 3).arg(v.high, 0, 'f', 3).arg(v.n)
                           : QStringLiteral(" (n = %1)").arg(v.n);
}

}  // namespace

bool CampaignValue::isValid() const { return std::isfinite(mean); }

bool CampaignValue::hasInterval() const { return std::isfinite(low) && std::isfinite(high); }

QStringList CampaignMetric::names()
{
    return {QStringLiteral("ttt-ratio"), QStringLiteral("availability"), QStringLiteral("best-r"), QStringLiteral("gain"),
            QStringLiteral("ettr")};
}

std::optional<CampaignMetric::Kind> CampaignMetric::parse(const QString& name)
{
    const qsizetype index = names().indexOf(name);
    if (index < 0)
        return std::nullopt;
    return static_cast<Kind>(index);
}

QString CampaignMetric::name(Kind kind) { return names()[static_cast<qsizetype>(kind)]; }

QString CampaignMetric::label(Kind kind)
{
    switch (kind) {
    case Kind::TttRatio:
        return QStringLiteral("TTT/T0");
    case Kind::Availability:
        return QStringLiteral("availability");
    case Kind::Ettr:
        return QStringLiteral("ETTR (productive / wall-clock time)");
    case Kind::BestR:
        return QStringLiteral("best r (lowest mean TTT/T0)");
    case Kind::Gain:
        return QStringLiteral("gain of SPARe over Rep (1 - TTT_SPARe / TTT_Rep)");
    }
    return {};
}

QString CampaignMetric::format(Kind kind, double value, int digits)
{
    if (!std::isfinite(value))
        return {};
    switch (kind) {
    case Kind::TttRatio:
        return digits > 0 ? QString::number(value, 'g', digits) : QString::number(value, 'f', 3);
    case Kind::Availability:
    case Kind::Ettr:
    case Kind::Gain:
        return (digits > 0 ? QString::number(value * 100.0, 'g', digits) : QString::number(value * 100.0, 'f', 1))
             + QLatin1Char('%');
    case Kind::BestR:
        return QString::number(value, 'g', 6);
    }
    return {};
}

QStringList CampaignMetric::reducedKeys(Kind kind)
{
    switch (kind) {
    case Kind::BestR:
        return {kRedundancy};
    case Kind::Gain:
        return {kRedundancy, kPolicy};
    default:
        return {};
    }
}

QString CampaignMetric::unavailableReason(Kind kind, const CampaignData& data)
{
    if (kind == Kind::BestR && data.keyIndex(kRedundancy) < 0)
        return QStringLiteral("best-r needs %1 as a grid key").arg(kRedundancy);
    if (kind == Kind::Gain) {
        const int policy = data.keyIndex(kPolicy);
        if (policy < 0 || data.keys()[policy].indexOf(QStringLiteral("spare")) < 0
            || data.keys()[policy].indexOf(QStringLiteral("rep")) < 0)
            return QStringLiteral("gain needs %1 as a grid key with the values spare and rep").arg(kPolicy);
    }
    return {};
}

QVector<int> CampaignMetric::freeKeys(Kind kind, const CampaignData& data)
{
    QVector<int> out;
    const QStringList reduced = reducedKeys(kind);
    for (int k = 0; k < data.keys().size(); ++k)
        if (!reduced.contains(data.keys()[k].name))
            out.append(k);
    return out;
}

CampaignValue CampaignMetric::value(Kind kind, const CampaignData& data, QVector<int> point)
{
    switch (kind) {
    case Kind::TttRatio:
        return tttRatioAt(data, point);
    case Kind::Availability: {
        const CampaignSamples* samples = data.samples(point);
        return samples ? meanWithInterval(samples->availability) : CampaignValue{};
    }
    case Kind::Ettr: {
        const CampaignSamples* samples = data.samples(point);
        return samples ? meanWithInterval(samples->ettr) : CampaignValue{};
    }
    case Kind::BestR: {
        int bestR = -1;
        const CampaignValue best = bestTttRatio(data, point, &bestR);
        CampaignValue out;
        if (bestR < 0)
            return out;
        const CampaignKey& r = data.keys()[data.keyIndex(kRedundancy)];
        out.mean = r.numbers.value(bestR, std::nan(""));
        out.n = best.n;
        out.detail = QStringLiteral("TTT/T0 %1 at r = %2").arg(best.mean, 0, 'f', 3).arg(r.values[bestR]) + interval(best);
        return out;
    }
    case Kind::Gain: {
        const int policy = data.keyIndex(kPolicy);
        const CampaignKey& policies = data.keys()[policy];
        int spareR = -1;
        int repR = -1;
        point[policy] = policies.indexOf(QStringLiteral("spare"));
        const CampaignValue spare = bestTttRatio(data, point, &spareR);
        point[policy] = policies.indexOf(QStringLiteral("rep"));
        const CampaignValue rep = bestTttRatio(data, point, &repR);
        CampaignValue out;
        if (!spare.isValid() || !rep.isValid())
            return out;
        const double ratio = spare.mean / rep.mean;
        out.mean = 1.0 - ratio;
        out.n = std::min(spare.n, rep.n);
        if (spare.hasInterval() && rep.hasInterval()) {
            const double relSpare = (spare.high - spare.mean) / spare.mean;
            const double relRep = (rep.high - rep.mean) / rep.mean;
            const double half = ratio * std::sqrt(relSpare * relSpare + relRep * relRep);
            out.low = out.mean - half;
            out.high = out.mean + half;
        }
        const int r = data.keyIndex(kRedundancy);
        const auto at = [&](int index) { return r < 0 ? QString() : QStringLiteral(" at r = %1").arg(data.keys()[r].values[index]); };
        out.detail = QStringLiteral("SPARe TTT/T0 %1%2%3; Rep %4%5%6")
                         .arg(spare.mean, 0, 'f', 3)
                         .arg(at(spareR), interval(spare))
                         .arg(rep.mean, 0, 'f', 3)
                         .arg(at(repR), interval(rep));
        return out;
    }
    }
    return {};
}

}  // namespace spare
