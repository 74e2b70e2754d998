#include "engine/analysis/MonteCarloAccelerator.h"

#include <atomic>

namespace spare {

namespace {
std::atomic<MonteCarloAccelerator*>& slot()
{
    static std::atomic<MonteCarloAccelerator*> accelerator{nullptr};
    return accelerator;
}
}  // namespace

void MonteCarloAccelerator::install(MonteCarloAccelerator* accelerator) { slot().store(accelerator); }

MonteCarloAccelerator* MonteCarloAccelerator::installed() { return slot().load(); }

}  // namespace spare
