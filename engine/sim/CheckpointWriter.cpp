#include "engine/sim/CheckpointWriter.h"

#include <algorithm>

namespace spare {

CheckpointWriter::CheckpointWriter(const Scenario& scenario, FailureDetector& detector, const GroupRoster& roster,
                                   RunReporter& reporter, TimeLedger& ledger, RunMetrics& metrics)
    : sc_(scenario),
      detector_(detector),
      roster_(roster),
      reporter_(reporter),
      ledger_(ledger),
      m_(metrics),
      exact_(scenario.checkpointSemantics == CheckpointSemantics::Exact)
{
}

void CheckpointWriter::write(double& now, int stepsDone, const TrainingProgress& progress)
{
    const int checkpointStep = stepsDone - 1;
    if (persisting_) {
        if (persistEndS_ > now) {
            ledger_.checkpointWait(persistEndS_ - now);
            now = persistEndS_;
        }
        detector_.checkAt(now);
        settle(now);
    }
    // Exact semantics: a failure since the last check point (it would surface at the next all-reduce)
    // voids the write before it starts.
    if (exact_)
        detector_.checkAt(now);
    const int writer = roster_.firstAlive();
    if ((exact_ && !detector_.noticed().empty()) || detector_.firedBy(writer, now)) {
        ++m_.checkpointsVoided;
        reporter_.emit(EventKind::CheckpointVoided, now, 0.0, writer, 0, -1, checkpointStep);
        return;
    }
    reporter_.emit(EventKind::CheckpointStart, now, sc_.checkpointWriteS, writer, 0, -1, checkpointStep);
    ++m_.checkpointsWritten;
    pendingWriter_ = writer;
    pendingStep_ = checkpointStep;
    pendingProgress_ = progress;
    pendingEndS_ = now + sc_.checkpointWriteS;
    if (exact_)
        detector_.resetFirstFailure();
    if (sc_.writerOnlyWaits)
        return;
    if (!exact_) {
        now += sc_.checkpointWriteS;
        ledger_.checkpointWait(sc_.checkpointWriteS);
        endPending(now);
        return;
    }
    // Everyone writes: the write stops at the first failure of a live group inside it.
    const double start = now;
    const std::int64_t failuresBefore = m_.failures;
    while (detector_.nextFiringS() <= pendingEndS_) {
        const double at = detector_.nextFiringS();
        detector_.checkAt(at);
        if (m_.failures > failuresBefore) {
            pendingEndS_ = at;
            break;
        }
    }
    now = pendingEndS_;
    ledger_.checkpointWait(now - start);
    detector_.checkAt(now);
    endPending(now);
}

void CheckpointWriter::endPending(double now)
{
    if (pendingWriter_ < 0 || pendingEndS_ > now)
        return;
    const int writer = pendingWriter_;
    pendingWriter_ = -1;
    if (!exact_ && sc_.checkpointPersistS == 0.0) {
        lastCheckpointStep_ = pendingStep_;
        ledger_.checkpointWritten(false);
        ledger_.checkpointPersisted();
        reporter_.emit(EventKind::CheckpointEnd, pendingEndS_, 0.0, writer, 0, -1, pendingStep_);
        return;
    }
    ledger_.checkpointWritten(exact_);
    persisting_ = true;
    persistWriter_ = writer;
    persistEndS_ = pendingEndS_ + sc_.checkpointPersistS;
    if (!exact_)
        detector_.resetFirstFailure();  // the paper's semantics: only the persist stage is exposed
    settle(now);
}

void CheckpointWriter::settle(double now)
{
    if (!persisting_)
        return;
    if (detector_.firstFailureS() <= persistEndS_) {
        persisting_ = false;
        ++m_.checkpointsVoided;
        ledger_.checkpointVoided();
        reporter_.emit(EventKind::CheckpointVoided, std::max(detector_.firstFailureS(), now), 0.0, persistWriter_, 0,
                       -1, pendingStep_);
        return;
    }
    if (persistEndS_ > now)
        return;
    persisting_ = false;
    lastCheckpointStep_ = pendingStep_ + (exact_ ? 1 : 0);
    lastProgress_ = pendingProgress_;
    ledger_.checkpointPersisted();
    reporter_.emit(EventKind::CheckpointEnd, persistEndS_, 0.0, persistWriter_, 0, -1, pendingStep_);
}

TrainingProgress CheckpointWriter::rollbackProgress() const
{
    if (exact_)
        return lastProgress_;
    const auto steps = static_cast<double>(lastCheckpointStep_);
    return {steps, steps};
}

void CheckpointWriter::settleBeforeRestart(double start)
{
    if (pendingWriter_ >= 0 && exact_) {
        pendingWriter_ = -1;
        ++m_.checkpointsVoided;
        reporter_.emit(EventKind::CheckpointVoided, start, 0.0, -1, 0, -1, pendingStep_);
    }
    settle(start);
    if (persisting_) {
        persisting_ = false;
        ++m_.checkpointsVoided;
        ledger_.checkpointVoided();
        reporter_.emit(EventKind::CheckpointVoided, start, 0.0, persistWriter_, 0, -1, pendingStep_);
    }
}

void CheckpointWriter::drainForStop(double& now, int stepsDone, const TrainingProgress& progress)
{
    const int restoreTo = exact_ ? stepsDone : std::max(0, stepsDone - 1);
    if (pendingWriter_ >= 0) {
        ledger_.checkpointWait(std::max(0.0, pendingEndS_ - now));
        now = std::max(now, pendingEndS_);
        endPending(now);
    }
    persisting_ = false;
    if (stepsDone > 0 && lastCheckpointStep_ != restoreTo) {
        const int writer = roster_.firstAlive();
        reporter_.emit(EventKind::CheckpointStart, now, sc_.checkpointWriteS, writer, 0, -1, stepsDone - 1);
        ++m_.checkpointsWritten;
        now += sc_.checkpointWriteS;
        ledger_.checkpointWait(sc_.checkpointWriteS);
        ledger_.checkpointWritten(exact_);
        ledger_.checkpointPersisted();
        lastCheckpointStep_ = restoreTo;
        lastProgress_ = progress;
        reporter_.emit(EventKind::CheckpointEnd, now, 0.0, writer, 0, -1, stepsDone - 1);
    }
}

}  // namespace spare
