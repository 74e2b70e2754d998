#include "engine/planning/RegimeMapCampaign.h"

#include "engine/base/InputError.h"
#include "engine/campaign/CampaignJson.h"
#include "engine/campaign/CampaignResult.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/ScenarioKeyTable.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace spare {

namespace {

using nlohmann::json;

json axisValue(const std::string& key, double value)
{
    const ScenarioKeyInfo* row = findScenarioKey(key);
    if (row && row->kind == ScenarioValueKind::Integer && value == std::floor(value) && std::abs(value) < 9e15)
        return static_cast<std::int64_t>(value);
    return value;
}

// regimeContenderSettings as a merge patch of the cell (its run.rep_redundancy is the base's).
json contenderOverlay(const Scenario& base, const RegimeContender& c, const std::vector<RegimeContender>& lineup)
{
    const ContenderSettings settings = regimeContenderSettings(base, c, lineup);
    json overlay = {{"run", {{"policy", policyName(settings.policy)}}},
                    {"memory_checkpoint", settings.memoryTier ? json::object() : json(nullptr)}};
    if (settings.exactSemantics && base.checkpointSemantics != CheckpointSemantics::Exact)
        overlay["checkpoint"]["semantics"] = "exact";
    if (settings.layout)
        overlay["cluster"]["layout"] = *settings.layout;
    if (settings.redundancy)
        overlay["cluster"]["redundancy"] = *settings.redundancy;
    return overlay;
}

[[noreturn]] void notARegimeMap(const Campaign& c, const std::string& why)
{
    throw InputError(fmt::format("campaign \"{}\": not a regime map ({}); spare-cli regime-map --campaign-out "
                                 "writes one: grid KEY, KEY, {} and replication with common_seeds",
                                 c.name, why, kRegimeContenderKey));
}

std::vector<double> axisValues(const Campaign& c, const CampaignAxis& axis)
{
    const ScenarioKeyInfo* row = findScenarioKey(axis.key);
    if (axis.isVariable || !row || (row->kind != ScenarioValueKind::Number && row->kind != ScenarioValueKind::Integer))
        notARegimeMap(c, fmt::format("grid key \"{}\" is not a numeric scenario key", axis.key));
    std::vector<double> values;
    for (const json& v : axis.values)
        values.push_back(v.get<double>());
    return values;
}

}  // namespace

Campaign regimeMapCampaign(const Scenario& base, const RegimeMapOptions& options, const std::string& name)
{
    // The values as runRegimeMap checks them: an invalid one names its key, as the direct map does.
    for (const RegimeAxis* axis : {&options.x, &options.y})
        for (const double v : axis->values)
            scenarioWithValue(base, axis->key, v);
    // Ordered: the grid's key order (x, y, contender) is the cells' order.
    nlohmann::ordered_json doc;
    doc["name"] = name;
    doc["description"] = fmt::format("Regime map: which contender wins where over {} x {}; spare-cli regime-map "
                                     "--from-results DIR draws it",
                                     options.x.key, options.y.key);
    doc["base"] = nlohmann::ordered_json::parse(scenarioToJson(base).dump());
    nlohmann::ordered_json contenders = nlohmann::ordered_json::array();
    for (const RegimeContender& c : options.contenders) {
        doc["variants"][kRegimeContenderKey][c.name] = nlohmann::ordered_json::parse(contenderOverlay(base, c, options.contenders).dump());
        contenders.push_back(c.name);
    }
    for (const RegimeAxis* axis : {&options.x, &options.y}) {
        nlohmann::ordered_json values = nlohmann::ordered_json::array();
        for (const double v : axis->values)
            values.push_back(nlohmann::ordered_json::parse(axisValue(axis->key, v).dump()));
        doc["grid"][axis->key] = values;
    }
    doc["grid"][kRegimeContenderKey] = contenders;
    doc["replication"] = {{"seeds", options.seeds}, {"common_seeds", true}};
    doc["max_ttt_ratio"] = options.maxTttRatio;
    return campaignFromJsonText(doc.dump(), name);
}

RegimeMap regimeMapFromResults(const CampaignPlan& plan, const CampaignResults& results)
{
    const Campaign& c = plan.campaign();
    const auto variants = c.variants.find(kRegimeContenderKey);
    if (c.grid.size() != 3 || c.grid[2].key != kRegimeContenderKey || variants == c.variants.end())
        notARegimeMap(c, fmt::format("its grid has {} keys", c.grid.size()));
    if (c.oneWay || c.listed || c.replication.adaptive || !c.replication.commonSeeds)
        notARegimeMap(c, "its design or replication differs");
    if (c.grid[0].key == c.grid[1].key)
        notARegimeMap(c, "both axes are one key");
    RegimeMap map;
    RegimeMapOptions& o = map.options;
    o.x = {c.grid[0].key, axisValues(c, c.grid[0])};
    o.y = {c.grid[1].key, axisValues(c, c.grid[1])};
    for (const json& name : c.grid[2].values) {
        try {
            o.contenders.push_back(parseRegimeContender(name.get<std::string>()));
        } catch (const InputError&) {
            notARegimeMap(c, fmt::format("\"{}\" is not a contender", name.get<std::string>()));
        }
    }
    o.seeds = c.replication.seeds;
    o.maxTttRatio = c.maxTttRatio;
    for (int k = 0; k < o.seeds; ++k)
        o.seedValues.push_back(plan.run(0, k).seed);
    const std::string baseSemantics = c.base.value("checkpoint", json::object()).value("semantics", std::string());
    map.semanticsMadeExact =
        baseSemantics == "paper" && std::any_of(variants->second.begin(), variants->second.end(), [](const auto& v) {
            return v.second.value("checkpoint", json::object()).value("semantics", std::string()) == "exact";
        });

    const auto& columns = campaignResultColumns();
    const auto ratioColumn =
        static_cast<std::size_t>(std::find(columns.begin(), columns.end(), "ttt_ratio") - columns.begin());
    const std::size_t nx = o.x.values.size();
    const std::size_t ny = o.y.values.size();
    const std::size_t nc = o.contenders.size();
    const auto seeds = static_cast<std::size_t>(o.seeds);
    std::size_t missing = 0;
    std::size_t failed = 0;
    for (std::size_t iy = 0; iy < ny; ++iy)
        for (std::size_t ix = 0; ix < nx; ++ix) {
            std::vector<std::vector<double>> ratios(nc);
            std::vector<int> unfinished(nc, 0);
            for (std::size_t ci = 0; ci < nc; ++ci)
                for (std::size_t k = 0; k < seeds; ++k) {
                    // The grid's cartesian product, last key fastest: x, then y, then the contender.
                    const CampaignRun run = plan.run((ix * ny + iy) * nc + ci, static_cast<int>(k));
                    const CampaignResult* result = results.find(run.key);
                    if (!result || !result->ok) {
                        ++(result ? failed : missing);
                        continue;
                    }
                    const bool completed = result->field(0) == "1";
                    unfinished[ci] += completed ? 0 : 1;
                    ratios[ci].push_back(completed ? result->finiteNumber(ratioColumn, "run " + run.runId)
                                                   : o.maxTttRatio);
                }
            if (missing == 0 && failed == 0)
                map.cells.push_back(regimeCell(o.x.values[ix], o.y.values[iy], ratios, std::move(unfinished)));
        }
    if (missing > 0 || failed > 0)
        throw std::runtime_error(fmt::format("campaign \"{}\": {} of {} runs missing and {} failed; finish them with "
                                             "spare-cli campaign run (spare-cli campaign status DIR lists them)",
                                             c.name, missing, nx * ny * nc * seeds, failed));
    map.runs = nx * ny * nc * seeds;
    return map;
}

}  // namespace spare
