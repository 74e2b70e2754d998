#include "engine/sim/TimeLedger.h"

#include <algorithm>
#include <utility>

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

void TimeLedger::restart(double seconds, double detectS, double diagnoseS, double queueS)
{
    double left = seconds;
    for (auto [part, share] : {std::pair{&TimeBreakdown::detectS, detectS}, std::pair{&TimeBreakdown::diagnoseS, diagnoseS},
                               std::pair{&TimeBreakdown::queueS, queueS}}) {
        const double booked = std::min(left, share);
        booked_.*part += booked;
        left -= booked;
    }
    booked_.restartS += left;
}

void TimeLedger::checkpointWritten(bool includingLastStep)
{
    written_ += inMemory_;
    inMemory_ = {};
    written_ += sinceCheckpoint_;
    sinceCheckpoint_ = {};
    if (includingLastStep) {
        written_ += lastCommitted_;
        lastCommitted_ = {};
    }
}

void TimeLedger::checkpointPersisted()
{
    written_.addTo(booked_);
    written_ = {};
}

void TimeLedger::checkpointVoided()
{
    written_ += sinceCheckpoint_;
    sinceCheckpoint_ = written_;
    written_ = {};
}

void TimeLedger::restartStarted()
{
    discard(current_);
}

void TimeLedger::memoryCheckpointTaken()
{
    inMemory_ += sinceCheckpoint_;
    inMemory_ += lastCommitted_;
    sinceCheckpoint_ = {};
    lastCommitted_ = {};
}

void TimeLedger::rolledBack(bool fromMemory)
{
    discard(written_);
    discard(sinceCheckpoint_);
    discard(lastCommitted_);
    if (!fromMemory)
        discard(inMemory_);
}

void TimeLedger::discard(StepWork& work)
{
    booked_.reworkS += work.usefulS + work.redundantS + work.barrierS + work.allReduceS;
    work = {};
}

TimeBreakdown TimeLedger::breakdown() const
{
    TimeBreakdown out = booked_;
    written_.addTo(out);
    inMemory_.addTo(out);
    sinceCheckpoint_.addTo(out);
    lastCommitted_.addTo(out);
    current_.addTo(out);
    return out;
}

}  // namespace spare
