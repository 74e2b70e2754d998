#include "ui/planning/PlanRequest.h"

#include "engine/base/ScenarioLimits.h"
#include "engine/planning/PlanReport.h"
#include "engine/sweep/Sweep.h"
#include "ui/planning/PlanText.h"

#include <algorithm>
#include <stdexcept>

namespace spare {

QString PlanRequest::defaultRedundancy(const Scenario& base)
{
    const int maxR = std::min({16, base.groups, ScenarioLimits::maxRedundancy});
    return maxR > 2 ? QStringLiteral("2-%1").arg(maxR) : QStringLiteral("2");
}

std::optional<PlanSpec> PlanRequest::spec(const Scenario& base, QStringList* problems) const
{
    PlanSpec out;
    out.base = base;
    out.policies = policies;
    if (out.policies.empty()) {
        QStringList names;
        for (const Policy p : kPolicies)
            names.append(QString::fromLatin1(policyDisplayName(p)));
        problems->append(tr("Policies: none chosen; allowed: at least one of %1").arg(names.join(QStringLiteral(", "))));
    }

    const int maxR = std::min(base.groups, ScenarioLimits::maxRedundancy);
    // Parsed for CKPT-only too, as spare-cli plan does.
    try {
        out.redundancies = parseIntegerRanges(redundancy.trimmed().toStdString(), 2, maxR);
    } catch (const std::invalid_argument& e) {
        problems->append(tr("Redundancy r '%1': %2 (2 .. min(groups, %3) = %4)")
                             .arg(redundancy, QString::fromUtf8(e.what()))
                             .arg(ScenarioLimits::maxRedundancy)
                             .arg(maxR));
    }

    out.checkpointIntervals.clear();
    for (const QString& item : checkpoint.split(QLatin1Char(','))) {
        const QString text = item.trimmed();
        std::optional<int> steps;
        if (text != QLatin1String("auto")) {
            bool ok = false;
            const int value = text.toInt(&ok);
            if (!ok || value < 1 || value > base.steps) {
                problems->append(tr("Checkpoint intervals '%1': '%2' is not allowed; allowed: auto and/or interval steps "
                                    "1 .. %3 (workload.steps), comma separated")
                                     .arg(checkpoint, text)
                                     .arg(base.steps));
                continue;
            }
            steps = value;
        }
        if (std::find(out.checkpointIntervals.begin(), out.checkpointIntervals.end(), steps) == out.checkpointIntervals.end())
            out.checkpointIntervals.push_back(steps);
    }

    if (!(confidence >= 0.5 && confidence <= 0.999))
        problems->append(tr("Confidence %1: out of range; allowed: 0.5 .. 0.999").arg(PlanText::number(confidence)));
    out.confidence = confidence;

    const QString share = indifference.trimmed();
    const bool percent = share.endsWith(QLatin1Char('%'));
    bool ok = false;
    const double number = (percent ? share.chopped(1) : share).trimmed().toDouble(&ok);
    out.indifference = ok ? (percent ? number / 100.0 : number) : -1.0;
    if (!(out.indifference > 0.0 && out.indifference <= 0.5))
        problems->append(tr("Indifference '%1': allowed a share of TTT/T0 above 0 and at most 0.5, as 1% or 0.01").arg(indifference));

    out.firstStage = firstStage;
    out.batch = batch;
    out.maxReplicates = maxReplicates;
    if (!problems->isEmpty())
        return std::nullopt;
    // The engine's own checks (first stage, batch, max replicates, confidence against the candidates).
    for (const std::string& problem : out.validate())
        problems->append(QString::fromStdString(problem));
    if (!problems->isEmpty())
        return std::nullopt;
    return out;
}

QString PlanRequest::commandLine(const PlanSpec& spec, const QString& scenarioPath)
{
    return QString::fromStdString(planCommandLine(spec, scenarioPath.toStdString()));
}

}  // namespace spare
