#include "app/cli/StopSignal.h"

#include <csignal>

#include <signal.h>

namespace spare::cli {

namespace {

std::atomic<bool> stopRequested{false};

extern "C" void requestStop(int) { stopRequested.store(true); }

}  // namespace

const std::atomic<bool>& installStopSignal()
{
    // No SA_RESTART: a call blocked outside the simulation (opening a FIFO no one reads) returns EINTR
    // instead of outlasting the signal.
    struct sigaction action {};
    action.sa_handler = requestStop;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGINT, &action, nullptr);
    return stopRequested;
}

}  // namespace spare::cli
