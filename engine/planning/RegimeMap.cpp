#include "engine/planning/RegimeMap.h"

#include "engine/base/InputError.h"
#include "engine/planning/ScenarioBatch.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/ScenarioKeyTable.h"
#include "engine/sim/Simulator.h"

#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <sstream>

namespace spare {

namespace {

char contenderLetter(const RegimeContender& c)
{
    if (c.memoryTier && c.policy == Policy::Ckpt)
        return 'M';
    switch (c.policy) {
    case Policy::Spare: return 'S';
    case Policy::Rep: return 'R';
    case Policy::Ckpt: return 'C';
    case Policy::Elastic: return 'E';
    case Policy::Rebalance: return 'B';
    }
    return '?';
}

double parseAxisNumber(const std::string& text, const std::string& flag, const std::string& spec)
{
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        throw InputError(fmt::format("{} {}: \"{}\" is not a number; allowed: KEY=V1,V2,... or KEY=LO:HI:N (N values, "
                                     "evenly spaced) or KEY=LO:HI:Ng (geometric)",
                                     flag, spec, text.substr(0, 40)));
    return value;
}

}  // namespace

void checkRegimeAxisKey(const std::string& key, const char* flag)
{
    const ScenarioKeyInfo* row = findScenarioKey(key);
    if (row && (row->kind == ScenarioValueKind::Number || row->kind == ScenarioValueKind::Integer))
        return;
    std::vector<std::string_view> numeric;
    for (const ScenarioKeyInfo& r : scenarioKeyTable())
        if (r.kind == ScenarioValueKind::Number || r.kind == ScenarioValueKind::Integer)
            numeric.push_back(r.key);
    throw InputError({{{}, flag, fmt::format("\"{}\" is not a numeric scenario key; allowed: {}", key.substr(0, 60),
                                             fmt::join(numeric, ", "))}});
}

RegimeAxis parseRegimeAxis(const std::string& spec, const char* flag)
{
    const auto eq = spec.find('=');
    if (eq == std::string::npos)
        throw InputError(fmt::format("{} {}: no '='; allowed: KEY=V1,V2,... or KEY=LO:HI:N", flag, spec.substr(0, 60)));
    RegimeAxis axis;
    axis.key = spec.substr(0, eq);
    checkRegimeAxisKey(axis.key, flag);
    const std::string values = spec.substr(eq + 1);
    if (std::count(values.begin(), values.end(), ':') == 2) {
        const auto a = values.find(':');
        const auto b = values.find(':', a + 1);
        const double lo = parseAxisNumber(values.substr(0, a), flag, spec);
        const double hi = parseAxisNumber(values.substr(a + 1, b - a - 1), flag, spec);
        std::string count = values.substr(b + 1);
        const bool geometric = !count.empty() && count.back() == 'g';
        if (geometric)
            count.pop_back();
        const double n = parseAxisNumber(count, flag, spec);
        if (n < 2 || n > 100 || n != std::floor(n))
            throw InputError(fmt::format("{} {}: {} values; allowed: 2 .. 100", flag, spec, count));
        if (geometric && !(lo > 0.0 && hi > 0.0))
            throw InputError(fmt::format("{} {}: a geometric axis needs LO > 0 and HI > 0", flag, spec));
        for (int i = 0; i < static_cast<int>(n); ++i) {
            const double t = i / (n - 1.0);
            axis.values.push_back(geometric ? lo * std::pow(hi / lo, t) : lo + (hi - lo) * t);
        }
    } else {
        std::stringstream stream(values);
        std::string item;
        while (std::getline(stream, item, ','))
            axis.values.push_back(parseAxisNumber(item, flag, spec));
    }
    if (axis.values.empty() || axis.values.size() > 100)
        throw InputError(fmt::format("{} {}: {} values; allowed: 1 .. 100", flag, spec.substr(0, 60), axis.values.size()));
    return axis;
}

Scenario scenarioWithValue(const Scenario& base, const std::string& key, double value)
{
    nlohmann::json doc = scenarioToJson(base);
    const auto dot = key.find('.');
    nlohmann::json& slot = dot == std::string::npos ? doc[key] : doc[key.substr(0, dot)][key.substr(dot + 1)];
    const ScenarioKeyInfo* row = findScenarioKey(key);
    if (row && row->kind == ScenarioValueKind::Integer && value == std::floor(value) && std::abs(value) < 9e15)
        slot = static_cast<std::int64_t>(value);
    else
        slot = value;
    return scenarioFromJson(doc, fmt::format("{} = {}", key, value), "");
}

Scenario regimeMapRules(const Scenario& base, const std::vector<RegimeContender>& contenders, bool* madeExact)
{
    Scenario rules = base;
    *madeExact = base.checkpointSemantics == CheckpointSemantics::Paper && lineupNeedsExactSemantics(contenders);
    if (*madeExact)
        rules.checkpointSemantics = CheckpointSemantics::Exact;
    return rules;
}

ContenderSettings regimeContenderSettings(const Scenario& cell, const RegimeContender& contender,
                                          const std::vector<RegimeContender>& contenders)
{
    return contenderSettings(cell, contender, contenders, !cell.repRedundancy.has_value());
}

Scenario regimeContenderScenario(const Scenario& cell, const RegimeContender& contender,
                                 const std::vector<RegimeContender>& contenders)
{
    return withContenderSettings(cell, regimeContenderSettings(cell, contender, contenders));
}

namespace {

std::uint64_t seedOf(const RegimeMapOptions& options, std::size_t k)
{
    return options.seedValues.empty() ? k + 1 : options.seedValues[k];
}

Scenario cellScenario(const Scenario& rules, const RegimeMapOptions& options, std::size_t ix, std::size_t iy)
{
    return scenarioWithValue(scenarioWithValue(rules, options.x.key, options.x.values[ix]), options.y.key,
                             options.y.values[iy]);
}

// Mean and 95% half-width (normal quantile) over the seeds.
std::pair<double, double> meanAndHalfWidth(const std::vector<double>& values)
{
    double sum = 0.0;
    double sumSq = 0.0;
    for (const double v : values) {
        sum += v;
        sumSq += v * v;
    }
    const auto n = static_cast<double>(values.size());
    const double mean = sum / n;
    const double variance = values.size() > 1 ? std::max(0.0, (sumSq - n * mean * mean) / (n - 1.0)) : 0.0;
    return {mean, 1.96 * std::sqrt(variance / n)};
}

}  // namespace

RegimeCell regimeCell(double x, double y, const std::vector<std::vector<double>>& ratios, std::vector<int> unfinished)
{
    RegimeCell cell;
    cell.x = x;
    cell.y = y;
    cell.unfinished = std::move(unfinished);
    const std::size_t nc = ratios.size();
    for (const std::vector<double>& r : ratios) {
        const auto [mean, halfWidth] = meanAndHalfWidth(r);
        cell.meanRatio.push_back(mean);
        cell.halfWidth.push_back(halfWidth);
    }
    std::vector<int> order(nc);
    for (std::size_t c = 0; c < nc; ++c)
        order[c] = static_cast<int>(c);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return cell.meanRatio[static_cast<std::size_t>(a)] < cell.meanRatio[static_cast<std::size_t>(b)];
    });
    cell.winner = order.front();
    if (nc > 1) {
        cell.runnerUp = order[1];
        const auto w = static_cast<std::size_t>(cell.winner);
        const auto r = static_cast<std::size_t>(cell.runnerUp);
        cell.margin = (cell.meanRatio[r] - cell.meanRatio[w]) / cell.meanRatio[w];
        // Common random numbers: the difference is paired seed by seed.
        std::vector<double> differences;
        for (std::size_t k = 0; k < ratios[w].size(); ++k)
            differences.push_back(ratios[r][k] - ratios[w][k]);
        const auto [mean, halfWidth] = meanAndHalfWidth(differences);
        cell.separable = differences.size() > 1 && mean > halfWidth;
    }
    return cell;
}

RegimeMapEstimate estimateRegimeMap(const Scenario& base, const RegimeMapOptions& options)
{
    RegimeMapEstimate estimate;
    bool madeExact = false;
    const Scenario rules = regimeMapRules(base, options.contenders, &madeExact);
    const std::size_t ix = options.x.values.size() / 2;
    const std::size_t iy = options.y.values.size() / 2;
    const Scenario cell = cellScenario(rules, options, ix, iy);
    estimate.probeCell = fmt::format("{}={:g}, {}={:g}", options.x.key, options.x.values[ix], options.y.key,
                                     options.y.values[iy]);
    SimulationLimits limits;
    limits.maxTttRatio = options.maxTttRatio;
    limits.cancel = options.control.cancel;
    const auto start = std::chrono::steady_clock::now();
    for (const RegimeContender& c : options.contenders) {
        Scenario s = regimeContenderScenario(cell, c, options.contenders);
        s.seed = seedOf(options, 0);
        Simulator(s).run(nullptr, limits);
    }
    estimate.probeS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    estimate.threads = options.control.resolvedThreads();
    const std::size_t cells = options.x.values.size() * options.y.values.size();
    const auto seeds = static_cast<std::size_t>(std::max(1, options.seeds));
    estimate.runs = cells * options.contenders.size() * seeds;
    estimate.totalS = estimate.probeS * static_cast<double>(cells * seeds) / estimate.threads;
    return estimate;
}

std::string regimeMapEstimateText(const RegimeMapOptions& options, const RegimeMapEstimate& estimate)
{
    const double t = estimate.totalS;
    const std::string about = t < 1.0    ? std::string("under 1 s")
                              : t < 90.0 ? fmt::format("{:.0f} s", t)
                              : t < 5400.0 ? fmt::format("{:.0f} min", t / 60.0)
                                           : fmt::format("{:.1f} h", t / 3600.0);
    return fmt::format("{} runs ({} x {} cells x {} contenders x {} seeds); about {} on {} thread{} (one run per "
                       "contender at {} took {:.2f} s)",
                       estimate.runs, options.x.values.size(), options.y.values.size(), options.contenders.size(),
                       options.seeds, about, estimate.threads, estimate.threads == 1 ? "" : "s", estimate.probeCell,
                       estimate.probeS);
}

RegimeMap runRegimeMap(const Scenario& base, const RegimeMapOptions& options)
{
    RegimeMap map;
    map.options = options;
    const std::size_t nx = options.x.values.size();
    const std::size_t ny = options.y.values.size();
    const std::size_t nc = options.contenders.size();
    const auto seeds = static_cast<std::size_t>(std::max(1, options.seeds));
    const Scenario rules = regimeMapRules(base, options.contenders, &map.semanticsMadeExact);
    std::vector<Scenario> runs;
    runs.reserve(nx * ny * nc * seeds);
    for (std::size_t iy = 0; iy < ny; ++iy)
        for (std::size_t ix = 0; ix < nx; ++ix) {
            const Scenario cell = cellScenario(rules, options, ix, iy);
            for (const RegimeContender& c : options.contenders) {
                Scenario s = regimeContenderScenario(cell, c, options.contenders);
                for (std::size_t k = 0; k < seeds; ++k) {
                    s.seed = seedOf(options, k);
                    runs.push_back(s);
                }
            }
        }
    ScenarioBatchOptions batch;
    batch.maxTttRatio = options.maxTttRatio;
    batch.control = options.control;
    const std::vector<RunMetrics> metrics = runScenarioBatch(runs, batch);
    map.runs = metrics.size();
    std::size_t next = 0;
    for (std::size_t iy = 0; iy < ny; ++iy)
        for (std::size_t ix = 0; ix < nx; ++ix) {
            std::vector<std::vector<double>> ratios(nc);
            std::vector<int> unfinished(nc, 0);
            for (std::size_t c = 0; c < nc; ++c)
                for (std::size_t k = 0; k < seeds; ++k) {
                    const RunMetrics& m = metrics[next++];
                    if (m.stopReason == StopReason::Cancelled)
                        return map;
                    unfinished[c] += m.completed ? 0 : 1;
                    ratios[c].push_back(m.completed ? m.tttRatio : options.maxTttRatio);
                }
            map.cells.push_back(regimeCell(options.x.values[ix], options.y.values[iy], ratios, std::move(unfinished)));
        }
    return map;
}

std::string regimeMapCsv(const RegimeMap& map)
{
    const RegimeMapOptions& o = map.options;
    std::string out = fmt::format("{},{},contender,mean_ttt_ratio,half_width,unfinished_runs,winner,margin,separable\n",
                                  o.x.key, o.y.key);
    for (const RegimeCell& cell : map.cells)
        for (std::size_t c = 0; c < o.contenders.size(); ++c)
            out += fmt::format("{},{},{},{},{},{},{},{},{}\n", cell.x, cell.y, o.contenders[c].name, cell.meanRatio[c],
                               cell.halfWidth[c], cell.unfinished[c], o.contenders[static_cast<std::size_t>(cell.winner)].name,
                               cell.margin, cell.separable ? "yes" : "no");
    return out;
}

nlohmann::json regimeMapToJson(const RegimeMap& map)
{
    const RegimeMapOptions& o = map.options;
    nlohmann::json cells = nlohmann::json::array();
    for (const RegimeCell& cell : map.cells) {
        nlohmann::json contenders = nlohmann::json::array();
        for (std::size_t c = 0; c < o.contenders.size(); ++c)
            contenders.push_back({{"name", o.contenders[c].name},
                                  {"mean_ttt_ratio", cell.meanRatio[c]},
                                  {"half_width", cell.halfWidth[c]},
                                  {"unfinished", cell.unfinished[c]}});
        const auto name = [&](int c) { return c >= 0 ? o.contenders[static_cast<std::size_t>(c)].name : std::string(); };
        cells.push_back({{"x", cell.x},
                         {"y", cell.y},
                         {"winner", name(cell.winner)},
                         {"runner_up", name(cell.runnerUp)},
                         {"margin", cell.margin},
                         {"separable", cell.separable},
                         {"contenders", std::move(contenders)}});
    }
    nlohmann::json names = nlohmann::json::array();
    for (const RegimeContender& c : o.contenders)
        names.push_back(c.name);
    return {{"x", o.x.key},          {"y", o.y.key}, {"contenders", std::move(names)}, {"seeds", o.seeds},
            {"semantics_made_exact", map.semanticsMadeExact}, {"cells", std::move(cells)}};
}

std::string regimeMapText(const RegimeMap& map)
{
    const RegimeMapOptions& o = map.options;
    const std::size_t nx = o.x.values.size();
    std::string out = fmt::format("winner by TTT/T0 (rows: {}, columns: {}; lower case: the top two are within "
                                  "their 95% interval over {} seeds){}\n",
                                  o.y.key, o.x.key, o.seeds,
                                  map.semanticsMadeExact ? "; every contender under checkpoint.semantics exact" : "");
    for (std::size_t iy = o.y.values.size(); iy-- > 0;) {
        if ((iy + 1) * nx > map.cells.size())
            continue;
        out += fmt::format("{:>12g} |", o.y.values[iy]);
        for (std::size_t ix = 0; ix < nx; ++ix) {
            const RegimeCell& cell = map.cells[iy * nx + ix];
            char letter = contenderLetter(o.contenders[static_cast<std::size_t>(cell.winner)]);
            if (!cell.separable)
                letter = static_cast<char>(letter - 'A' + 'a');
            out += fmt::format(" {}", letter);
        }
        out += "\n";
    }
    out += fmt::format("{:>12} +", "");
    for (std::size_t ix = 0; ix < nx; ++ix)
        out += "--";
    out += "\n";
    for (std::size_t ix = 0; ix < nx; ++ix)
        out += fmt::format("{:>14}column {}: {} = {:g}\n", "", ix + 1, o.x.key, o.x.values[ix]);
    out += "legend:";
    for (const RegimeContender& c : o.contenders)
        out += fmt::format(" {} {}", contenderLetter(c), c.name);
    out += "\n";
    return out;
}

}  // namespace spare
