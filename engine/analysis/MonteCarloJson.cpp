#include "engine/analysis/MonteCarloJson.h"

#include "engine/layout/LayoutIndependence.h"

#include <nlohmann/json.hpp>

namespace spare {

namespace {

nlohmann::json interval(const ConfidenceInterval& ci) { return nlohmann::json::array({ci.low, ci.high}); }

}  // namespace

nlohmann::json monteCarloToJson(const Layout& layout, const MonteCarloOptions& options, const MonteCarloResult& result,
                                const MonteCarloRunInfo& info)
{
    nlohmann::json out;
    out["mu"] = result.mu;
    out["mu_ci95"] = interval(result.muCi95);
    out["sbar"] = result.sbar;
    out["sbar_ci95"] = interval(result.sbarCi95);
    out["sbar_lower_bound"] = result.sbarLowerBound;
    out["trials"] = result.trials;
    out["seed"] = result.seed;
    out["device"] = MonteCarlo::name(result.device);
    out["device_name"] = result.deviceName;
    out["threads"] = info.threads;
    out["seconds"] = info.seconds;
    out["groups"] = layout.groups();
    out["redundancy"] = layout.redundancy();
    out["layout"] = layout.name();
    out["failures_histogram"] = result.failuresHistogram;
    if (options.bursts) {
        out["burst_share"] = options.bursts->share();
        out["domain_level"] = domainLevelName(*info.burstLevel);
        out["domains"] = options.bursts->domains();
        out["bursts_endured"] = result.burstsEndured;
        out["bursts_endured_ci95"] = interval(result.burstsEnduredCi95);
    }
    out["wipeout_only"] = options.wipeoutOnly;
    out["layout_independence"] = independenceJson(layoutIndependence(layout));
    return out;
}

}  // namespace spare
