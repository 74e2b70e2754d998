#include "engine/planning/CheckpointPeriods.h"

#include "engine/planning/ScenarioBatch.h"
#include "engine/sim/Simulator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace spare {

double youngPeriod(double checkpointS, double mtbfS) { return std::sqrt(2.0 * checkpointS * mtbfS); }

double dalyPeriod(double checkpointS, double mtbfS)
{
    if (checkpointS >= 2.0 * mtbfS)
        return mtbfS;
    const double x = checkpointS / (2.0 * mtbfS);
    return std::sqrt(2.0 * checkpointS * mtbfS) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - checkpointS;
}

double dalyPeriodWithRestart(double checkpointS, double restartS, double mtbfS)
{
    return std::sqrt(2.0 * checkpointS * (restartS + mtbfS));
}

const CheckpointPeriodCandidate& CheckpointPeriodStudy::nearest(double periodS) const
{
    if (candidates.empty())
        throw std::logic_error("CheckpointPeriodStudy::nearest on a study without candidates");
    const auto distance = [&](const CheckpointPeriodCandidate& c) { return std::abs(std::log(c.periodS / periodS)); };
    return *std::min_element(candidates.begin(), candidates.end(),
                             [&](const auto& a, const auto& b) { return distance(a) < distance(b); });
}

namespace {

int toSteps(double periodS, double stepS, int maxSteps)
{
    const double steps = std::round(periodS / stepS);
    return static_cast<int>(std::clamp(steps, 1.0, static_cast<double>(std::max(1, maxSteps))));
}

std::vector<int> defaultIntervals(const CheckpointPeriodStudy& study, int maxSteps)
{
    std::vector<int> out{study.autoSteps, toSteps(study.youngS, study.stepS, maxSteps),
                         toSteps(study.dalyS, study.stepS, maxSteps)};
    for (const double factor : {0.25, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0, 2.8, 4.0})
        out.push_back(toSteps(factor * study.dalyS, study.stepS, maxSteps));
    return out;
}

}  // namespace

CheckpointPeriodStudy checkpointClosedForms(const Scenario& scenario)
{
    CheckpointPeriodStudy study;
    study.interruptionMtbfS = interruptionMtbfS(scenario);
    study.stepS = policyStepS(scenario);
    study.youngS = youngPeriod(scenario.checkpointWriteS, study.interruptionMtbfS);
    study.dalyS = dalyPeriod(scenario.checkpointWriteS, study.interruptionMtbfS);
    study.dalyWithRestartS = dalyPeriodWithRestart(scenario.checkpointWriteS, scenario.restartS, study.interruptionMtbfS);
    study.autoSteps = autoCheckpointIntervalSteps(scenario);
    return study;
}

CheckpointPeriodStudy studyCheckpointPeriods(const Scenario& scenario, const CheckpointStudyOptions& options)
{
    CheckpointPeriodStudy study = checkpointClosedForms(scenario);

    std::vector<int> intervals = options.intervalSteps.empty() ? defaultIntervals(study, scenario.steps)
                                                               : options.intervalSteps;
    std::sort(intervals.begin(), intervals.end());
    intervals.erase(std::unique(intervals.begin(), intervals.end()), intervals.end());
    const int seeds = std::max(1, options.seeds);
    const std::size_t total = intervals.size() * static_cast<std::size_t>(seeds);

    std::vector<Scenario> runs;
    runs.reserve(total);
    for (const int steps : intervals)
        for (int k = 0; k < seeds; ++k) {
            Scenario s = scenario;
            s.checkpointIntervalSteps = steps;
            s.seed = scenario.seed + static_cast<std::uint64_t>(k);
            runs.push_back(std::move(s));
        }
    ScenarioBatchOptions batch;
    batch.control = options.control;
    const std::vector<RunMetrics> metrics = runScenarioBatch(runs, batch);
    study.cancelled = options.control.cancelled();
    if (study.cancelled)
        return study;

    double bestMean = std::numeric_limits<double>::infinity();
    for (std::size_t c = 0; c < intervals.size(); ++c) {
        CheckpointPeriodCandidate candidate;
        candidate.intervalSteps = intervals[c];
        candidate.periodS = intervals[c] * study.stepS;
        double sum = 0.0;
        double sumSquares = 0.0;
        for (int k = 0; k < seeds; ++k) {
            const RunMetrics& m = metrics[c * seeds + k];
            sum += m.tttRatio;
            sumSquares += m.tttRatio * m.tttRatio;
            candidate.completedRuns += m.completed ? 1 : 0;
        }
        candidate.runs = seeds;
        candidate.meanTttRatio = sum / seeds;
        candidate.sdTttRatio =
            seeds > 1 ? std::sqrt(std::max(0.0, (sumSquares - sum * sum / seeds) / (seeds - 1))) : 0.0;
        if (candidate.completedRuns == seeds && candidate.meanTttRatio < bestMean) {
            bestMean = candidate.meanTttRatio;
            study.best = c;
        }
        study.candidates.push_back(candidate);
    }
    return study;
}

}  // namespace spare
