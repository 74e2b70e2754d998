#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"

#include "engine/base/ScenarioLimits.h"
#include "engine/layout/Layout.h"
#include "engine/reorder/ReorderController.h"
#include "engine/reorder/ReorderDecisionJson.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace spare::cli {

namespace {

const char* phaseName(ReorderDecision::Phase phase)
{
    switch (phase) {
    case ReorderDecision::Phase::FixedCheck:
        return "0 (fixed check: current top-S still covers every type)";
    case ReorderDecision::Phase::FreeSearch:
        return "1 (free search: no feasible S', wipe-out)";
    case ReorderDecision::Phase::MinCost:
        return "2 (min-cost reorder applied)";
    case ReorderDecision::Phase::Readmit:
        return "3 (re-admission: groups back, smallest feasible S' <= S)";
    }
    return "?";
}

void printTable(const ReorderController& controller, const ReorderDecision& d)
{
    constexpr int kShown = 24;
    fmt::print("failed       {}\nphase        {}\n", fmt::join(d.failedGroups, " "), phaseName(d.phase));
    if (d.wipeout) {
        fmt::print("wipe-out     types without a live holder: {}\n"
                   "             a global restart is needed; stack number stays {}\n",
                   fmt::join(d.lostTypes, " "), d.stackNumber);
        return;
    }
    fmt::print("stack number {} -> {}\nmoves        {}\n", d.previousStackNumber, d.stackNumber, d.moves);

    const int n = controller.layout().groups();
    fmt::print("\n  type | group | position\n-------+-------+---------\n");
    for (int t = 0; t < std::min(n, kShown); ++t)
        fmt::print("{:6} | {:5} | {:8}\n", t, controller.contributor(t), controller.contributorPosition(t));
    if (n > kShown)
        fmt::print("  ...  ({} more types; use --json for all)\n", n - kShown);

    fmt::print("\npatch computes: {}\n", d.patchComputes);
    if (d.patchComputes > 0) {
        fmt::print(" group | position\n-------+---------\n");
        long long shown = 0;
        forEachPatch(d, n, [&](int g) { return controller.alive(g); }, [&](const PatchCompute& p) {
            if (shown++ < kShown)
                fmt::print("{:6} | {:8}\n", p.group, p.position);
        });
        if (d.patchComputes > kShown)
            fmt::print("  ...  ({} more)\n", d.patchComputes - kShown);
    }
    fmt::print("\nstack moves: {}\n", d.stackMoves.size());
    if (!d.stackMoves.empty()) {
        fmt::print(" group |  type | from -> to\n-------+-------+-----------\n");
        for (size_t i = 0; i < std::min(d.stackMoves.size(), static_cast<size_t>(kShown)); ++i) {
            const auto& m = d.stackMoves[i];
            fmt::print("{:6} | {:5} | {:4} -> {}\n", m.group, m.type, m.fromPosition, m.toPosition);
        }
        if (d.stackMoves.size() > static_cast<size_t>(kShown))
            fmt::print("  ...  ({} more)\n", d.stackMoves.size() - static_cast<size_t>(kShown));
    }
}

CommandAction setupReorder(CLI::App& sub)
{
    auto opts = std::make_shared<LayoutOptions>();
    auto failed = std::make_shared<std::string>();
    auto stackNumber = std::make_shared<int>(1);
    auto json = std::make_shared<bool>(false);
    addLayoutOptions(sub, *opts);
    sub.add_option("--failed", *failed, "Groups failing together, comma-separated (e.g. 3,17,42)")->required();
    sub.add_option("--stack-number,-S", *stackNumber, "Stack number S before the failures (1 .. r)")
        ->capture_default_str()
        ->check(integerIn(1, ScenarioLimits::maxGroups));
    sub.add_flag("--json", *json, "Print JSON instead of tables");
    return [opts, failed, stackNumber, json] {
        const Layout layout = makeLayout(*opts);
        if (*stackNumber < 1 || *stackNumber > layout.redundancy())
            throw UsageError(fmt::format("--stack-number {} is out of range: allowed 1 .. {} (the redundancy)",
                                         *stackNumber, layout.redundancy()));
        const std::vector<int> groups = parseGroupList("--failed", *failed, layout.groups());
        ReorderController controller(layout, *stackNumber);
        const ReorderDecision decision = controller.onFailures(groups);
        if (*json)
            fmt::print("{}\n", reorderDecisionToJson(controller, decision).dump(2));
        else
            printTable(controller, decision);
        return 0;
    };
}

const bool registered =
    registerCommand({"reorder", "Fail groups together and print the reorder controller's decision", &setupReorder});

}  // namespace

}  // namespace spare::cli
