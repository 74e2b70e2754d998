#include "engine/sim/ProgressReplay.h"

#include "engine/sim/ElasticPolicy.h"

namespace spare {

ProgressReplay::ProgressReplay(const Scenario& scenario)
    : scenario_(scenario),
      model_(scenario.progress.value_or(ProgressModel{})),
      batchGroups_(scenario.groups),
      atStep_(1)
{
}

double ProgressReplay::batchFraction() const
{
    if (scenario_.policy != Policy::Elastic)
        return 1.0;
    return ElasticPolicy::batchFraction(batchGroups_, scenario_.groups,
                                        scenario_.elastic.value_or(ElasticSettings{}));
}

void ProgressReplay::apply(const Event& event)
{
    ++applied_;
    if (event.kind == EventKind::StepEnd) {
        const double b = batchFraction();
        progress_.samples += b;
        progress_.effective += TrainingProgress::stepWorth(b, model_.phi);
        stepsDone_ = event.step + 1;
        const auto steps = static_cast<std::size_t>(stepsDone_);
        atStep_.resize(steps + 1);
        atStep_[steps] = progress_;
    } else if (event.kind == EventKind::Rollback) {
        stepsDone_ = event.step;
        const auto steps = static_cast<std::size_t>(event.step);
        progress_ = steps < atStep_.size() ? atStep_[steps] : progress_;
    } else if (event.kind == EventKind::Reconfigure) {
        batchGroups_ = event.value;
    } else if (event.kind == EventKind::Rejoin) {
        ++batchGroups_;
    } else if (event.kind == EventKind::RestartEnd) {
        batchGroups_ = scenario_.groups;
    }
}

double ProgressReplay::measured() const
{
    switch (model_.measure) {
    case ProgressMeasure::Steps: break;
    case ProgressMeasure::Samples: return progress_.samples;
    case ProgressMeasure::Effective: return progress_.effective;
    }
    return stepsDone_;
}

}  // namespace spare
