#include "ui/tour/TourStateFinder.h"

#include "engine/sim/Simulator.h"

namespace spare {
namespace {

class SeekObserver : public SimulationObserver {
public:
    explicit SeekObserver(const TourSeek& seek) : seek_(seek) {}

    void onEvent(const Event& event) override
    {
        if (state_.found || !TourStateFinder::matches(seek_, event) || ++seen_ < seek_.occurrence)
            return;
        state_.found = true;
        state_.timeS = event.time;
        state_.event = event;
    }
    void onSnapshot(const SimulationSnapshot& snapshot) override
    {
        if (!state_.found)
            state_.snapshot = snapshot;
    }
    double snapshotIntervalS() const override { return 0.05; }
    bool stopRequested() const override { return state_.found; }

    TourState state_;

private:
    TourSeek seek_;
    int seen_ = 0;
};

}  // namespace

bool TourStateFinder::matches(const TourSeek& seek, const Event& event)
{
    if (QString::fromLatin1(eventKindName(event.kind)) != seek.event)
        return false;
    if (!seek.phase && !seek.minMoves && !seek.wipeout)
        return true;
    if (!event.decision)
        return false;
    const ReorderDecision& decision = *event.decision;
    return (!seek.phase || static_cast<int>(decision.phase) == *seek.phase)
           && (!seek.minMoves || decision.moves >= *seek.minMoves)
           && (!seek.wipeout || decision.wipeout == *seek.wipeout);
}

TourState TourStateFinder::find(const Scenario& scenario, const std::vector<TraceFailure>& trace, const TourSeek& seek)
{
    SeekObserver observer(seek);
    const Simulator simulator(scenario, trace);
    if (seek.event == QLatin1String("start")) {
        // Time 0: the first snapshot is the fresh layout.
        SimulationLimits limits;
        limits.untilS = 0.0;
        simulator.run(&observer, limits);
        observer.state_.found = true;
        return observer.state_;
    }
    simulator.run(&observer);
    return observer.state_;
}

}  // namespace spare
