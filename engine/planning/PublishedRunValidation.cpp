#include "engine/planning/PublishedRunValidation.h"

#include "engine/analysis/ClosedForms.h"
#include "engine/base/InputError.h"
#include "engine/planning/CheckpointPeriods.h"
#include "engine/planning/ScenarioBatch.h"
#include "engine/sim/CheckpointInterval.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/sim/Simulator.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>

namespace spare {

namespace {

constexpr double kDayS = 86400.0;
constexpr double kLlamaWindowS = 54.0 * kDayS;
constexpr const char* kLlama = "Llama 3 (Dubey et al., The Llama 3 Herd of Models, Meta 2024)";
constexpr const char* kKokolis =
    "Kokolis et al., Revisiting Reliability in Large-Scale Machine Learning Research Clusters, HPCA 2025";
constexpr const char* kDaly =
    "Daly, A higher order estimate of the optimum checkpoint interval for restart dumps, FGCS 22 (2006)";

const std::vector<std::string>& rowIds()
{
    static const std::vector<std::string> ids{
        "llama3-unexpected",   "llama3-planned",    "llama3-ettr",       "llama3-cause-gpu", "llama3-cause-hbm3",
        "llama3-cause-software", "llama3-cause-network", "rsc1-failure-rate", "rsc1-mttf-16k",  "rsc1-mttf-131k",
        "rsc1-ettr-60min",     "rsc1-ettr-5min",    "daly-15min",        "daly-6h",          "daly-24h"};
    return ids;
}

struct Spread {
    double mean = 0.0;
    double halfWidth = 0.0;
};

Spread spreadOfValues(const std::vector<double>& values)
{
    const auto n = static_cast<double>(values.size());
    double sum = 0.0;
    double sumSq = 0.0;
    for (const double x : values) {
        sum += x;
        sumSq += x * x;
    }
    const double mean = sum / n;
    const double variance = values.size() > 1 ? std::max(0.0, (sumSq - n * mean * mean) / (n - 1.0)) : 0.0;
    // 1.96: the seeds are many enough (10 by default) for the normal interval the docs quote.
    return {mean, 1.96 * std::sqrt(variance / n)};
}

template <typename Measure>
Spread spreadOf(const std::vector<RunMetrics>& runs, Measure measure)
{
    std::vector<double> values;
    values.reserve(runs.size());
    for (const RunMetrics& m : runs)
        values.push_back(measure(m));
    return spreadOfValues(values);
}

// Runs a study's seeds and reports progress over the whole validation.
class ValidationRunner {
public:
    ValidationRunner(const ValidationOptions& options, std::size_t totalRuns) : options_(options), total_(totalRuns) {}

    Scenario scenario(const std::string& file) const
    {
        return loadScenarioFile((std::filesystem::path(options_.scenariosDir) / file).string());
    }

    std::vector<RunMetrics> runSeeds(const Scenario& base, double untilS)
    {
        std::vector<Scenario> runs(static_cast<std::size_t>(options_.seeds), base);
        for (std::size_t i = 0; i < runs.size(); ++i)
            runs[i].seed = i + 1;
        ScenarioBatchOptions batch;
        batch.untilS = untilS;
        batch.maxTttRatio = 1e4;
        batch.control = options_.control;
        const std::size_t before = done_;
        batch.control.progress = [&](std::size_t done, std::size_t) { options_.control.report(before + done, total_); };
        std::vector<RunMetrics> out = runScenarioBatch(runs, batch);
        done_ += runs.size();
        return out;
    }

    int seeds() const { return options_.seeds; }

private:
    const ValidationOptions& options_;
    std::size_t total_;
    std::size_t done_ = 0;
};

bool wanted(const ValidationOptions& options, const std::string& id)
{
    return options.rows.empty() || std::find(options.rows.begin(), options.rows.end(), id) != options.rows.end();
}

bool anyWanted(const ValidationOptions& options, std::initializer_list<const char*> ids)
{
    return std::any_of(ids.begin(), ids.end(), [&](const char* id) { return wanted(options, id); });
}

void llamaRows(ValidationRunner& runner, const ValidationOptions& options, std::vector<ValidationRow>& rows)
{
    const std::string file = "validation/llama3-16k-run.json";
    Scenario s = runner.scenario(file);
    const std::vector<RunMetrics> runs = runner.runSeeds(s, kLlamaWindowS);
    const std::string until = fmt::format("--until {:.0f}", kLlamaWindowS);
    if (wanted(options, "llama3-unexpected")) {
        Scenario fresh = s;
        fresh.clockStart = ClockStart::New;
        const Spread newStart =
            spreadOf(runner.runSeeds(fresh, kLlamaWindowS), [](const RunMetrics& m) { return double(m.failures); });
        const Spread failures = spreadOf(runs, [](const RunMetrics& m) { return double(m.failures); });
        rows.push_back({"llama3-unexpected", kLlama, "unexpected interruptions in a 54-day snapshot, 16,384 GPUs",
                        "419", 419.0, 419.0, failures.mean, failures.halfWidth, runner.seeds(),
                        fmt::format("stationary renewal: 54 d / MTBF = {:.1f}; the same clocks started new: {:.0f} +- {:.0f}",
                                    kLlamaWindowS / s.systemMtbfS, newStart.mean, newStart.halfWidth),
                        file, until});
    }
    if (wanted(options, "llama3-planned")) {
        const Spread stops = spreadOf(runs, [](const RunMetrics& m) { return double(m.maintenanceStops); });
        rows.push_back({"llama3-planned", kLlama, "planned interruptions (maintenance) in the same 54 days", "47", 47.0,
                        47.0, stops.mean, stops.halfWidth, runner.seeds(),
                        fmt::format("54 d / maintenance.every_s = {:.2f}", kLlamaWindowS / s.maintenance->everyS), file,
                        until});
    }
    if (wanted(options, "llama3-ettr")) {
        const Spread ettr = spreadOf(runs, [](const RunMetrics& m) { return m.ettr; });
        const double periodS = autoCheckpointIntervalSteps(s) * (s.computeS + s.allReduceS);
        const double restartS = s.detectS + s.diagnoseS + s.queueS + s.restartS;
        const double maintenanceShare = s.maintenance->durationS / s.maintenance->everyS;
        const double renewal = renewalEttr(periodS, s.checkpointWriteS, restartS, 0.0, s.systemMtbfS, RenewalRestart::Fixed);
        rows.push_back({"llama3-ettr", kLlama, "effective training time ratio (ETTR) over the snapshot", "> 90%", 0.90,
                        1.0, ettr.mean, ettr.halfWidth, runner.seeds(),
                        fmt::format("exponential renewal at the same restart ({:.0f} s) and period ({:.0f} s), less "
                                    "maintenance: {:.3f}",
                                    restartS, periodS, renewal * (1.0 - maintenanceShare)),
                        file, until});
    }
}

// Failures by the category their event names (failures.categories), for one run.
class CategoryCounter final : public SimulationObserver {
public:
    void onEvent(const Event& event) override
    {
        if (event.kind == EventKind::Failure && event.origin)
            ++counts_[event.origin->category];
    }
    double count(const std::string& category) const
    {
        const auto it = counts_.find(category);
        return it == counts_.end() ? 0.0 : static_cast<double>(it->second);
    }

private:
    std::map<std::string, std::int64_t> counts_;
};

// Table 5 of the Llama 3 report: the four largest root causes of the 419 unexpected interruptions. The
// scenario labels its failures with these shares; the rows check that the labelled counts of a simulated
// snapshot come out as published.
void llamaCauseRows(const ValidationRunner& runner, const ValidationOptions& options, std::vector<ValidationRow>& rows)
{
    struct Cause {
        const char* id;
        const char* category;
        double published;
    };
    static constexpr Cause causes[] = {
        {"llama3-cause-gpu", "faulty GPU", 148.0},
        {"llama3-cause-hbm3", "GPU HBM3 memory", 72.0},
        {"llama3-cause-software", "software bug", 54.0},
        {"llama3-cause-network", "network switch or cable", 35.0},
    };
    if (std::none_of(std::begin(causes), std::end(causes), [&](const Cause& c) { return wanted(options, c.id); }))
        return;
    const std::string file = "validation/llama3-16k-run.json";
    const Scenario s = runner.scenario(file);
    std::vector<CategoryCounter> counters(static_cast<std::size_t>(runner.seeds()));
    SimulationLimits limits;
    limits.untilS = kLlamaWindowS;
    limits.maxTttRatio = 1e4;
    limits.cancel = options.control.cancel;
    for (std::size_t i = 0; i < counters.size(); ++i) {
        Scenario seeded = s;
        seeded.seed = i + 1;
        Simulator(seeded).run(&counters[i], limits);
    }
    double categoryShares = 0.0;
    for (const FailureCategory& category : s.failureCategories)
        categoryShares += category.share;
    for (const Cause& c : causes) {
        if (!wanted(options, c.id))
            continue;
        std::vector<double> counts;
        for (const CategoryCounter& counter : counters)
            counts.push_back(counter.count(c.category));
        const auto share = std::find_if(s.failureCategories.begin(), s.failureCategories.end(),
                                        [&](const FailureCategory& f) { return f.name == c.category; });
        const double expected = share == s.failureCategories.end() ? 0.0 : 419.0 * share->share / categoryShares;
        const Spread spread = spreadOfValues(counts);
        rows.push_back({c.id, kLlama, fmt::format("unexpected interruptions with root cause {} (Table 5)", c.category),
                        fmt::format("{:.0f}", c.published), c.published, c.published, spread.mean, spread.halfWidth,
                        runner.seeds(),
                        fmt::format("category share x 419 = {:.1f} (the share is an input: the row checks the labels)",
                                    expected),
                        file, fmt::format("--until {:.0f} --events FILE", kLlamaWindowS)});
    }
}

double failuresPer1000NodeDays(const RunMetrics& m, double nodes)
{
    return 1000.0 * static_cast<double>(m.failures) / (nodes * m.tttS / kDayS);
}

void rscRows(ValidationRunner& runner, const ValidationOptions& options, std::vector<ValidationRow>& rows)
{
    const std::string file16k = "validation/meta-rsc1-16k.json";
    const std::string file131k = "validation/meta-rsc1-131k.json";
    const Scenario s = runner.scenario(file16k);
    const double nodes = s.groups * s.gpusPerGroup / 8.0;
    const auto kokolis = [&](double periodS) {
        return (1.0 - (s.restartS + periodS / 2.0) / s.systemMtbfS) / (1.0 + s.checkpointWriteS / periodS);
    };
    const auto exact = [&](double periodS) {
        return renewalEttr(periodS, s.checkpointWriteS, s.restartS, 0.0, s.systemMtbfS, RenewalRestart::Fixed);
    };
    std::vector<RunMetrics> hourly;
    if (anyWanted(options, {"rsc1-failure-rate", "rsc1-mttf-16k", "rsc1-ettr-60min"}))
        hourly = runner.runSeeds(s, std::numeric_limits<double>::infinity());
    const double hourS = *s.checkpointIntervalSteps * s.computeS;
    if (wanted(options, "rsc1-failure-rate")) {
        const Spread rate = spreadOf(hourly, [&](const RunMetrics& m) { return failuresPer1000NodeDays(m, nodes); });
        rows.push_back({"rsc1-failure-rate", kKokolis, "failures per 1,000 node-days (RSC-1)", "6.50", 6.50, 6.50, rate.mean,
                        rate.halfWidth, runner.seeds(),
                        fmt::format("scenario rate 86,400,000 / ({:.0f} nodes x {:.1f} s) = {:.2f}", nodes, s.systemMtbfS,
                                    86'400'000.0 / (nodes * s.systemMtbfS)),
                        file16k, ""});
    }
    if (wanted(options, "rsc1-mttf-16k")) {
        const Spread mttf = spreadOf(hourly, [](const RunMetrics& m) { return m.tttS / double(m.failures) / 3600.0; });
        rows.push_back({"rsc1-mttf-16k", kKokolis, "projected MTTF of a 16k-GPU job (h)", "1.8", 1.75, 1.85, mttf.mean,
                        mttf.halfWidth, runner.seeds(), fmt::format("system MTBF: {:.3f} h", s.systemMtbfS / 3600.0),
                        file16k, ""});
    }
    if (wanted(options, "rsc1-mttf-131k")) {
        const Scenario big = runner.scenario(file131k);
        const Spread mttf = spreadOf(runner.runSeeds(big, std::numeric_limits<double>::infinity()),
                                     [](const RunMetrics& m) { return m.tttS / double(m.failures) / 3600.0; });
        rows.push_back({"rsc1-mttf-131k", kKokolis, "projected MTTF of a 131k-GPU job (h)", "0.23", 0.225, 0.235,
                        mttf.mean, mttf.halfWidth, runner.seeds(),
                        fmt::format("system MTBF: {:.3f} h", big.systemMtbfS / 3600.0), file131k, ""});
    }
    if (wanted(options, "rsc1-ettr-60min")) {
        const Spread ettr = spreadOf(hourly, [](const RunMetrics& m) { return m.ettr; });
        rows.push_back({"rsc1-ettr-60min", kKokolis, "ETTR of a 16k-GPU job, 60-min checkpoints, 5-min restarts",
                        "about 0.7", 0.65, 0.75, ettr.mean, ettr.halfWidth, runner.seeds(),
                        fmt::format("exact renewal {:.3f}; first-order E[ETTR] of the paper {:.3f}", exact(hourS),
                                    kokolis(hourS)),
                        file16k, ""});
    }
    if (wanted(options, "rsc1-ettr-5min")) {
        Scenario often = s;
        often.checkpointIntervalSteps = 5;
        const double periodS = 5 * s.computeS;
        const Spread ettr = spreadOf(runner.runSeeds(often, std::numeric_limits<double>::infinity()),
                                     [](const RunMetrics& m) { return m.ettr; });
        rows.push_back({"rsc1-ettr-5min", kKokolis, "ETTR of the same job with 5-min checkpoints", "about 0.93", 0.90,
                        0.96, ettr.mean, ettr.halfWidth, runner.seeds(),
                        fmt::format("exact renewal {:.3f}; first-order E[ETTR] of the paper {:.3f}", exact(periodS),
                                    kokolis(periodS)),
                        file16k, "--interval 5"});
    }
}

void dalyRows(const ValidationOptions& options, std::vector<ValidationRow>& rows)
{
    struct Case {
        const char* id;
        double mtbfS;
        const char* published;
        double low;
        double high;
    };
    for (const Case& c : {Case{"daly-15min", 900.0, "9.1", 9.0, 9.3}, Case{"daly-6h", 21600.0, "57", 56.0, 58.0},
                          Case{"daly-24h", 86400.0, "117", 116.0, 118.0}}) {
        if (!wanted(options, c.id))
            continue;
        // CKPT-only with 1-second steps: "auto" in steps is the period in seconds.
        Scenario s;
        s.policy = Policy::Ckpt;
        s.steps = 10'000'000;
        s.computeS = 1.0;
        s.allReduceS = 0.0;
        s.systemMtbfS = c.mtbfS;
        s.checkpointWriteS = 300.0;
        s.restartS = 600.0;
        rows.push_back({c.id, kDaly,
                        fmt::format("optimum checkpoint period (min), 5-min write, 10-min restart, MTBF {}",
                                    c.mtbfS < 3600.0 ? "15 min" : c.mtbfS < 86400.0 ? "6 h" : "24 h"),
                        c.published, c.low, c.high, autoCheckpointIntervalSteps(s) / 60.0, 0.0, 0,
                        fmt::format("Daly's higher-order formula: {:.2f}", dalyPeriod(300.0, c.mtbfS) / 60.0), "", ""});
    }
}

std::string formatValue(const ValidationRow& row)
{
    const double magnitude = std::max(std::abs(row.value), 1e-9);
    const int decimals = magnitude >= 100.0 ? 0 : magnitude >= 10.0 ? 1 : magnitude >= 1.0 ? 2 : 3;
    if (row.seeds == 0)
        return fmt::format("{:.{}f}", row.value, decimals);
    return fmt::format("{:.{}f} +- {:.{}f} ({} seeds)", row.value, decimals, row.halfWidth, decimals, row.seeds);
}

}  // namespace

std::vector<std::string> validationRowIds() { return rowIds(); }

std::vector<ValidationRow> runPublishedRunValidation(const ValidationOptions& options)
{
    for (const std::string& id : options.rows)
        if (std::find(rowIds().begin(), rowIds().end(), id) == rowIds().end())
            throw InputError({{{}, "--row", fmt::format("\"{}\" is not a validation row; allowed: {}", id.substr(0, 60),
                                                        fmt::join(rowIds(), ", "))}});
    const bool llama = anyWanted(options, {"llama3-unexpected", "llama3-planned", "llama3-ettr"});
    const std::size_t seeds = static_cast<std::size_t>(std::max(1, options.seeds));
    std::size_t total = 0;
    if (llama)
        total += seeds * (wanted(options, "llama3-unexpected") ? 2 : 1);
    if (anyWanted(options, {"rsc1-failure-rate", "rsc1-mttf-16k", "rsc1-ettr-60min"}))
        total += seeds;
    for (const char* id : {"rsc1-mttf-131k", "rsc1-ettr-5min"})
        if (wanted(options, id))
            total += seeds;
    ValidationOptions normalised = options;
    normalised.seeds = static_cast<int>(seeds);
    ValidationRunner runner(normalised, total);
    std::vector<ValidationRow> rows;
    if (llama)
        llamaRows(runner, normalised, rows);
    llamaCauseRows(runner, normalised, rows);
    rscRows(runner, normalised, rows);
    dalyRows(normalised, rows);
    return rows;
}

std::string validationMarkdown(const std::vector<ValidationRow>& rows)
{
    std::string out = "| source | published figure | published | SPARe Studio (95% over seeds) | independent check | "
                      "holds | reproduce |\n|---|---|---|---|---|---|---|\n";
    for (const ValidationRow& row : rows)
        out += fmt::format("| {} | {} | {} | {} | {} | {} | `spare-cli validate --row {}` |\n", row.source, row.figure,
                           row.published, formatValue(row), row.check, row.passes() ? "yes" : "**no**", row.id);
    return out;
}

}  // namespace spare
