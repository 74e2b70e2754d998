#include "engine/campaign/CampaignPlan.h"

#include "engine/base/InputError.h"
#include "engine/campaign/StableHash.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/ScenarioKeyTable.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <queue>

namespace spare {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxReportedCells = 50;

json& documentSlot(json& doc, const std::string& key)
{
    const auto dot = key.find('.');
    return dot == std::string::npos ? doc[key] : doc[key.substr(0, dot)][key.substr(dot + 1)];
}

double numberAt(const json& doc, const std::string& key, double fallback)
{
    const auto dot = key.find('.');
    const json* value = &doc;
    for (const std::string& part : {key.substr(0, dot), key.substr(dot + 1)}) {
        const auto it = value->find(part);
        if (it == value->end())
            return fallback;
        value = &*it;
    }
    return value->is_number() ? value->get<double>() : fallback;
}

}  // namespace

std::string campaignValueText(const json& value)
{
    return value.is_string() ? value.get<std::string>() : value.dump();
}

CampaignPlan::CampaignPlan(Campaign campaign) : campaign_(std::move(campaign))
{
    baseSeed_ = campaign_.base.value("run", json::object()).value("seed", std::uint64_t{1});
    const auto& grid = campaign_.grid;
    std::vector<std::size_t> order(grid.size());  // grid axes sorted by key: the canonical parameter order
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return grid[a].key < grid[b].key; });

    for (const std::vector<json>& values : cellValues()) {
        CampaignCell cell;
        cell.values = values;
        for (std::size_t k = 0; k < order.size(); ++k)
            cell.parameters += fmt::format("{}{}={}", k ? ";" : "", grid[order[k]].key,
                                           campaignValueText(cell.values[order[k]]));
        if (campaign_.oneWay && std::any_of(cells_.begin(), cells_.end(), [&](const CampaignCell& other) {
                return other.parameters == cell.parameters;
            }))
            continue;  // the base point, reached from several keys
        cells_.push_back(std::move(cell));
        const json doc = scenarioDocument(cells_.size() - 1);
        CampaignCell& added = cells_.back();
        for (const CampaignDerivedKey& d : campaign_.derived) {
            const auto dot = d.key.find('.');
            added.derived.push_back(doc.at(d.key.substr(0, dot)).at(d.key.substr(dot + 1)));
        }
        const double steps = numberAt(doc, "workload.steps", 1.0);
        const double groups = numberAt(doc, "cluster.groups", 1.0);
        const double redundancy = numberAt(doc, "cluster.redundancy", 1.0);
        added.cost = steps * groups * (1.0 + redundancy);
    }
}

std::vector<std::vector<json>> CampaignPlan::cellValues() const
{
    const auto& grid = campaign_.grid;
    std::vector<std::vector<json>> out;
    if (campaign_.oneWay) {
        std::vector<json> base;
        for (const CampaignAxis& axis : grid) {
            const auto dot = axis.key.find('.');
            base.push_back(campaign_.base.at(axis.key.substr(0, dot)).at(axis.key.substr(dot + 1)));
        }
        for (std::size_t a = 0; a < grid.size(); ++a)
            for (const json& value : grid[a].values) {
                out.push_back(base);
                out.back()[a] = value;
            }
        return out;
    }
    if (campaign_.listed) {
        const std::size_t cells = grid.empty() ? 0 : grid.front().values.size();
        for (std::size_t i = 0; i < cells; ++i) {
            out.emplace_back();
            for (const CampaignAxis& axis : grid)
                out.back().push_back(axis.values[i]);
        }
        return out;
    }
    std::size_t total = grid.empty() ? 0 : 1;
    for (const CampaignAxis& axis : grid)
        total *= axis.values.size();
    out.reserve(total);
    std::vector<std::size_t> index(grid.size(), 0);
    for (std::size_t n = 0; n < total; ++n) {
        std::vector<json> values;
        for (std::size_t a = 0; a < grid.size(); ++a)
            values.push_back(grid[a].values[index[a]]);
        out.push_back(std::move(values));
        for (std::size_t a = grid.size(); a-- > 0;) {
            if (++index[a] < grid[a].values.size())
                break;
            index[a] = 0;
        }
    }
    return out;
}

int CampaignPlan::maxReplicates() const
{
    return campaign_.replication.adaptive ? campaign_.replication.maxSeeds : campaign_.replication.seeds;
}

int CampaignPlan::minReplicates() const
{
    return campaign_.replication.adaptive ? campaign_.replication.minSeeds : campaign_.replication.seeds;
}

CampaignRun CampaignPlan::run(std::size_t cell, int replicate) const
{
    const int absolute = campaign_.replication.firstReplicate + replicate;
    const std::string identity = fmt::format("{}#{}", cells_[cell].parameters, absolute);
    const std::uint64_t key = stableHash64(identity);
    const std::uint64_t seed = campaign_.replication.commonSeeds ? commonReplicateSeed(baseSeed_, absolute)
                                                                 : stableHash64(identity, baseSeed_) >> 11;
    return {key, hex64(key), cell, absolute, seed};
}

std::uint64_t commonReplicateSeed(std::uint64_t baseSeed, int replicate)
{
    return stableHash64(fmt::format("#{}", replicate), baseSeed) >> 11;
}

std::vector<CampaignRun> CampaignPlan::runs() const
{
    std::vector<CampaignRun> out;
    out.reserve(cells_.size() * static_cast<std::size_t>(maxReplicates()));
    for (std::size_t c = 0; c < cells_.size(); ++c)
        for (int k = 0; k < maxReplicates(); ++k)
            out.push_back(run(c, k));
    return out;
}

json CampaignPlan::scenarioDocument(std::size_t cell) const
{
    json doc = campaign_.base;
    const CampaignCell& c = cells_[cell];
    for (std::size_t a = 0; a < campaign_.grid.size(); ++a)
        if (!campaign_.grid[a].isVariable && campaign_.variants.count(campaign_.grid[a].key) == 0)
            documentSlot(doc, campaign_.grid[a].key) = c.values[a];
    for (std::size_t a = 0; a < campaign_.grid.size(); ++a)
        if (const auto variants = campaign_.variants.find(campaign_.grid[a].key); variants != campaign_.variants.end())
            for (const auto& [name, overlay] : variants->second)
                if (c.values[a] == name)
                    doc.merge_patch(overlay);
    const auto operand = [&](const json& op) -> double {
        if (op.is_number())
            return op.get<double>();
        const std::string name = op.get<std::string>();
        for (std::size_t a = 0; a < campaign_.grid.size(); ++a)
            if (campaign_.grid[a].key == name && c.values[a].is_number())
                return c.values[a].get<double>();
        return numberAt(doc, name, std::nan(""));
    };
    for (const CampaignDerivedKey& d : campaign_.derived) {
        const double lhs = operand(d.lhs);
        const double rhs = operand(d.rhs);
        const double value = d.operation == "divide" ? lhs / rhs : lhs * rhs;
        const ScenarioKeyInfo* row = findScenarioKey(d.key);
        json& slot = documentSlot(doc, d.key);
        if (!std::isfinite(value))
            slot = nullptr;
        else if (row->kind == ScenarioValueKind::Integer)
            slot = std::llround(value);
        else
            slot = value;
    }
    return doc;
}

Scenario CampaignPlan::scenario(std::size_t cell, std::uint64_t seed) const
{
    json doc = scenarioDocument(cell);
    doc["run"]["seed"] = seed;
    return scenarioFromJson(doc, "cell " + cells_[cell].parameters);
}

std::string CampaignPlan::validateCells(const std::string& origin) const
{
    std::string problems;
    std::size_t invalid = 0;
    for (std::size_t c = 0; c < cells_.size(); ++c) {
        try {
            scenarioFromJson(scenarioDocument(c), fmt::format("{}: cell {{{}}}", origin, cells_[c].parameters));
        } catch (const ScenarioError& e) {
            if (++invalid <= kMaxReportedCells)
                problems += fmt::format("{}{}", problems.empty() ? "" : "\n", e.what());
        }
    }
    if (invalid > kMaxReportedCells)
        problems += fmt::format("\n{}: ... and {} more invalid cells of {}", origin, invalid - kMaxReportedCells,
                                cells_.size());
    return problems;
}

double CampaignPlan::unitCost(const CampaignUnit& unit) const
{
    const double runs = unit.replicate >= 0 ? 1.0 : static_cast<double>(minReplicates());
    return cells_[unit.cell].cost * runs;
}

std::vector<CampaignUnit> CampaignPlan::shard(int index, int count) const
{
    std::vector<CampaignUnit> units;
    for (std::size_t c = 0; c < cells_.size(); ++c) {
        if (campaign_.replication.adaptive)
            units.push_back({c, -1});
        else
            for (int k = 0; k < campaign_.replication.seeds; ++k)
                units.push_back({c, k});
    }
    std::stable_sort(units.begin(), units.end(), [&](const CampaignUnit& a, const CampaignUnit& b) {
        return cells_[a.cell].cost > cells_[b.cell].cost;
    });
    // Longest processing time first: each unit goes to the least loaded shard (lowest index on ties).
    using Load = std::pair<double, int>;
    std::priority_queue<Load, std::vector<Load>, std::greater<Load>> loads;
    for (int s = 0; s < count; ++s)
        loads.push({0.0, s});
    std::vector<CampaignUnit> mine;
    for (const CampaignUnit& unit : units) {
        auto [load, s] = loads.top();
        loads.pop();
        if (s == index)
            mine.push_back(unit);
        loads.push({load + unitCost(unit), s});
    }
    return mine;
}

}  // namespace spare
