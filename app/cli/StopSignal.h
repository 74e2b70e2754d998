#pragma once

#include <atomic>

namespace spare::cli {

// Set by SIGINT and SIGTERM once installStopSignal() ran: long commands pass it as their cancel flag,
// stop at the next step and exit 130.
const std::atomic<bool>& installStopSignal();

}  // namespace spare::cli
