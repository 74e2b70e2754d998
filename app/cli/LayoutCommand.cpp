#include "CliCommand.h"
#include "CliOptions.h"

#include "layout/Layout.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

namespace spare::cli {

namespace {

CommandAction setupLayout(CLI::App& sub)
{
    auto opts = std::make_shared<LayoutOptions>();
    auto json = std::make_shared<bool>(false);
    addLayoutOptions(sub, *opts);
    sub.add_flag("--json", *json, "Print JSON instead of a table");
    return [opts, json] {
        const Layout layout = makeLayout(*opts);
        if (*json) {
            nlohmann::json out;
            out["groups"] = layout.groups();
            out["redundancy"] = layout.redundancy();
            out["layout"] = layout.name();
            out["offsets"] = layout.offsets();
            out["max_overlap"] = layout.maxOverlap();
            out["independent"] = layout.independent();
            out["overlapping_pairs"] = layout.overlappingPairs();
            // true / false (proved impossible) / null (none found, absence not proved; or not a golomb layout)
            out["independent_layout_exists"] =
                layout.independentLayoutExists() ? nlohmann::json(*layout.independentLayoutExists()) : nlohmann::json();
            out["note"] = layout.note();
            auto stacks = nlohmann::json::array();
            for (int g = 0; g < layout.groups(); ++g)
                stacks.push_back(std::vector<int>(layout.stack(g).begin(), layout.stack(g).end()));
            out["stacks"] = std::move(stacks);
            fmt::print("{}\n", out.dump(2));
            return 0;
        }
        fmt::print("layout       {}\ngroups (N)   {}\nredundancy   {}\noffsets      {}\nmax overlap  {} ({})\n",
                   layout.name(), layout.groups(), layout.redundancy(), fmt::join(layout.offsets(), " "),
                   layout.maxOverlap(), layout.independent() ? "independent" : "NOT independent");
        if (!layout.independent())
            fmt::print("overlapping  {} pairs of groups share two or more types\n", layout.overlappingPairs());
        if (!layout.note().empty())
            fmt::print("note         {}\n", layout.note());
        const int shown = std::min(layout.groups(), 24);
        fmt::print("\n group | stack (position 0 first)\n-------+-------------------------\n");
        for (int g = 0; g < shown; ++g)
            fmt::print("{:6} | {}\n", g, fmt::join(layout.stack(g), " "));
        if (shown < layout.groups())
            fmt::print("  ...  | ({} more groups; use --json for all)\n", layout.groups() - shown);
        return 0;
    };
}

const bool registered = registerCommand({"layout", "Build and validate a stacked layout", &setupLayout});

}  // namespace

}  // namespace spare::cli
