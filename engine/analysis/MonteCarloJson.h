#pragma once

#include "engine/analysis/MonteCarlo.h"
#include "engine/layout/Layout.h"
#include "engine/topology/DomainLevel.h"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <optional>

namespace spare {

// How a Monte-Carlo ran, besides its options: the worker threads, the wall time, and the domain level
// of options.bursts (set whenever bursts are).
struct MonteCarloRunInfo {
    std::size_t threads = 0;
    double seconds = 0.0;
    std::optional<DomainLevel> burstLevel;
};

// What `spare-cli montecarlo --json` prints.
nlohmann::json monteCarloToJson(const Layout& layout, const MonteCarloOptions& options, const MonteCarloResult& result,
                                const MonteCarloRunInfo& info);

}  // namespace spare
