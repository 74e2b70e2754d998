#include "engine/sim/TimeLedger.h"

namespace spare {

void TimeLedger::StepWork::addTo(TimeBreakdown& out) const
{
    out.usefulComputeS += usefulS;
    out.redundantComputeS += redundantS;
    out.barrierWaitS += barrierS;
    out.allReduceS += allReduceS;
}

TimeLedger::StepWork& TimeLedger::StepWork::operator+=(const StepWork& other)
{
    usefulS += other.usefulS;
    redundantS += other.redundantS;
    barrierS += other.barrierS;
    allReduceS += other.allReduceS;
    return *this;
}

void TimeLedger::computePhase(double usefulS, double nominalS, double phaseS)
{
    current_.usefulS += usefulS;
    current_.redundantS += nominalS - usefulS;
    current_.barrierS += phaseS - nominalS;
}

void TimeLedger::stepCommitted()
{
    sinceCheckpoint_ += lastCommitted_;
    lastCommitted_ = current_;
    current_ = {};
}

void TimeLedger::checkpointEnded()
{
    sinceCheckpoint_.addTo(booked_);
    sinceCheckpoint_ = {};
}

void TimeLedger::restartStarted()
{
    discard(current_);
}

void TimeLedger::rolledBack()
{
    discard(sinceCheckpoint_);
    discard(lastCommitted_);
}

void TimeLedger::discard(StepWork& work)
{
    booked_.reworkS += work.usefulS + work.redundantS + work.barrierS + work.allReduceS;
    work = {};
}

TimeBreakdown TimeLedger::breakdown() const
{
    TimeBreakdown out = booked_;
    sinceCheckpoint_.addTo(out);
    lastCommitted_.addTo(out);
    current_.addTo(out);
    return out;
}

}  // namespace spare
