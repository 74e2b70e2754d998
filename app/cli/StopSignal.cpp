#include "app/cli/StopSignal.h"

#include <csignal>

namespace spare::cli {

namespace {

std::atomic<bool> stopRequested{false};

extern "C" void requestStop(int) { stopRequested.store(true); }

}  // namespace

const std::atomic<bool>& installStopSignal()
{
    std::signal(SIGTERM, requestStop);
    std::signal(SIGINT, requestStop);
    return stopRequested;
}

}  // namespace spare::cli
