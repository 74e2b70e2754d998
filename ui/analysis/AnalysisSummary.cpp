#include "ui/analysis/AnalysisSummary.h"

#include "engine/analysis/ClosedForms.h"
#include "ui/analysis/AnalysisCharts.h"

#include <QMap>

namespace spare {
namespace {

QString policyLabel(Policy policy)
{
    return QString::fromLatin1(policyDisplayName(policy));
}

QString percent(double fraction)
{
    return QString::number(100.0 * fraction, 'f', 2) + QLatin1Char('%');
}

// The charts a report holds, and one sentence per reason any other is left out.
QString chartsSection(const AnalysisRequest& request)
{
    QString text = QStringLiteral("Charts in charts/ (PNG, SVG, PDF and CSV): %1.\n\n")
                       .arg(AnalysisCharts::available(request).join(QStringLiteral(", ")));
    QMap<QString, QStringList> leftOut;
    for (const QString& chart : AnalysisCharts::names())
        if (const QString why = AnalysisCharts::unavailable(chart, request); !why.isEmpty())
            leftOut[why].append(chart);
    for (auto it = leftOut.cbegin(); it != leftOut.cend(); ++it)
        text += QStringLiteral("Left out: %1, as %2.\n\n").arg(it.value().join(QStringLiteral(" and ")), it.key());
    return text;
}

// Why a policy has no best r yet: its grid is not all simulated, or no run finished within the cap.
QString noBest(const AnalysisRequest& request, const AnalysisResults& results, Policy policy)
{
    const int done = AnalysisCharts::redundanciesDone(request, results.headline, policy);
    if (done < static_cast<int>(request.redundancies.size()))
        return QStringLiteral("not known yet (%1 of %2 r values simulated)").arg(done).arg(request.redundancies.size());
    return QStringLiteral("none (no run finished before the T0 cap)");
}

}  // namespace

std::optional<double> AnalysisSummary::gainOverReplication(const AnalysisRequest& request, const AnalysisResults& results)
{
    const auto spare = AnalysisCharts::best(request, results.headline, Policy::Spare);
    const auto rep = AnalysisCharts::best(request, results.headline, Policy::Rep);
    if (!spare || !rep)
        return std::nullopt;
    return 1.0 - spare->tttRatio.mean / rep->tttRatio.mean;
}

QString AnalysisSummary::oneLine(const AnalysisRequest& request, const AnalysisResults& results)
{
    QStringList parts;
    for (Policy policy : request.policies)
        if (const auto best = AnalysisCharts::best(request, results.headline, policy)) {
            parts.append(QStringLiteral("%1 best r = %2: TTT/T0 %3, availability %4")
                             .arg(policyLabel(policy))
                             .arg(best->x)
                             .arg(best->tttRatio.mean, 0, 'f', 2)
                             .arg(percent(best->availability.mean)));
        } else {
            parts.append(QStringLiteral("%1 best r: %2").arg(policyLabel(policy), noBest(request, results, policy)));
        }
    if (const auto gain = gainOverReplication(request, results))
        parts.append(QStringLiteral("gain of SPARe over Rep %1").arg(percent(*gain)));
    parts.append(QStringLiteral("r* = %1").arg(optimalRedundancy(request.scenario.groups)));
    return parts.join(QStringLiteral("; "));
}

QString AnalysisSummary::markdown(const AnalysisRequest& request, const AnalysisResults& results)
{
    const Scenario simulated = request.simulatedScenario();
    QString text = QStringLiteral("# SPARe Studio report: %1\n\n").arg(QString::fromStdString(request.scenario.name));
    text += QStringLiteral("N = %1 groups, %2 steps simulated per run, %3 seeds per point (seed %4 on), "
                           "system MTBF %5 s, restart %6 s, checkpoint write %7 s.\n\n")
                .arg(request.scenario.groups)
                .arg(simulated.steps)
                .arg(request.seeds)
                .arg(request.scenario.seed)
                .arg(request.scenario.systemMtbfS)
                .arg(request.scenario.restartS)
                .arg(request.scenario.checkpointWriteS);
    if (results.cancelled)
        text += QStringLiteral("**The computation was cancelled: the figures below cover the points finished.**\n\n");
    text += QStringLiteral("| policy | best r | TTT/T0 (mean ± sd) | T0/TTT | availability |\n|---|---|---|---|---|\n");
    for (Policy policy : request.policies)
        if (const auto best = AnalysisCharts::best(request, results.headline, policy))
            text += QStringLiteral("| %1 | %2 | %3 ± %4 | %5 | %6 |\n")
                        .arg(policyLabel(policy))
                        .arg(best->x)
                        .arg(best->tttRatio.mean, 0, 'f', 3)
                        .arg(best->tttRatio.sd, 0, 'f', 3)
                        .arg(1.0 / best->tttRatio.mean, 0, 'f', 3)
                        .arg(percent(best->availability.mean));
        else
            text += QStringLiteral("| %1 | %2 | | | |\n").arg(policyLabel(policy), noBest(request, results, policy));
    text += QLatin1Char('\n');
    if (const auto gain = gainOverReplication(request, results))
        text += QStringLiteral("Gain of SPARe+CKPT over Rep+CKPT (1 - TTT_SPARe / TTT_Rep at each best r): **%1**.\n\n")
                    .arg(percent(*gain));
    const Scenario& s = request.scenario;
    const int rStar = optimalRedundancy(s.groups);
    text += QStringLiteral("Model: r* = %1, J(r*) = %2 (closed form, docs/method.md section 6).\n\n")
                .arg(rStar)
                .arg(tttRatioModel(s.groups, rStar, s.systemMtbfS, s.checkpointWriteS, s.restartS), 0, 'f', 3);
    text += chartsSection(request);
    text += QStringLiteral("Reproduce a point: `spare-cli simulate scenario.json --policy spare --redundancy R --seed S`.\n");
    return text;
}

}  // namespace spare
