#include "engine/sim/Event.h"

namespace spare {

const char* eventKindName(EventKind kind)
{
    switch (kind) {
    case EventKind::StepStart: return "step_start";
    case EventKind::StackCompute: return "stack_compute";
    case EventKind::AllReduce: return "allreduce";
    case EventKind::FailedAllReduce: return "failed_allreduce";
    case EventKind::StepEnd: return "step_end";
    case EventKind::Failure: return "failure";
    case EventKind::Detection: return "detection";
    case EventKind::Decision: return "decision";
    case EventKind::PatchCompute: return "patch_compute";
    case EventKind::Shrink: return "shrink";
    case EventKind::RestartStart: return "restart_start";
    case EventKind::RestartEnd: return "restart_end";
    case EventKind::Rollback: return "rollback";
    case EventKind::CheckpointStart: return "checkpoint_start";
    case EventKind::CheckpointEnd: return "checkpoint_end";
    case EventKind::CheckpointVoided: return "checkpoint_voided";
    case EventKind::RunEnd: return "run_end";
    case EventKind::Rejoin: return "rejoin";
    case EventKind::Reconfigure: return "reconfigure";
    case EventKind::Restore: return "restore";
    }
    return "unknown";
}

}  // namespace spare
