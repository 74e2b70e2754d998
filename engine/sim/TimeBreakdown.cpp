#include "engine/sim/TimeBreakdown.h"

#include <array>

namespace spare {

namespace {

constexpr std::array<TimeBreakdownPart, 14> kParts{{
    {"useful_compute_s", "useful compute", &TimeBreakdown::usefulComputeS},
    {"redundant_compute_s", "redundant + patch compute", &TimeBreakdown::redundantComputeS},
    {"barrier_wait_s", "barrier wait", &TimeBreakdown::barrierWaitS},
    {"all_reduce_s", "all-reduce", &TimeBreakdown::allReduceS},
    {"failed_all_reduce_s", "failed all-reduce", &TimeBreakdown::failedAllReduceS},
    {"shrink_s", "shrink", &TimeBreakdown::shrinkS},
    {"reconfigure_s", "reconfigure (elastic, re-balance)", &TimeBreakdown::reconfigureS},
    {"checkpoint_s", "checkpoint writes", &TimeBreakdown::checkpointS},
    {"detect_s", "restart: detection", &TimeBreakdown::detectS},
    {"diagnose_s", "restart: diagnosis", &TimeBreakdown::diagnoseS},
    {"queue_s", "restart: queueing", &TimeBreakdown::queueS},
    {"restart_s", "restarts", &TimeBreakdown::restartS},
    {"maintenance_s", "planned maintenance", &TimeBreakdown::maintenanceS},
    {"rework_s", "rework (rolled back)", &TimeBreakdown::reworkS},
}};

}  // namespace

double TimeBreakdown::totalS() const
{
    double total = 0.0;
    for (const TimeBreakdownPart& part : kParts)
        total += this->*part.seconds;
    return total;
}

std::span<const TimeBreakdownPart> timeBreakdownParts()
{
    return kParts;
}

}  // namespace spare
