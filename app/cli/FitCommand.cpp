#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/HumanFormat.h"
#include "app/cli/OutputFiles.h"
#include "app/cli/ProgressPrinter.h"
#include "app/cli/StopSignal.h"

#include "engine/base/AtomicFile.h"
#include "engine/base/ScenarioLimits.h"
#include "engine/planning/FailureLogStudy.h"
#include "engine/sim/ScenarioJson.h"

#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spare::cli {

namespace {

struct FitCliOptions {
    std::string logPath;
    std::string timeColumn;
    std::string timeFormat = "iso8601";
    std::vector<std::string> where;
    std::string from;
    std::string to;
    std::string locationColumn;
    std::string locationPattern;
    double clusterWindowS = 3600.0;
    double coincidenceWindowS = 0.0;
    std::string rackLevel;
    double units = 0.0;
    std::string unit = "gpu";
    int gpusPerNode = 8;
    int groups = 0;
    int gpusPerGroup = 0;
    std::string scenarioPath;
    std::string scenarioOut;
    int bootstrap = 200;
    std::uint64_t seed = 1;
    int threads = 0;
    bool skipBadRows = false;
    bool requireSorted = false;
    bool checkpointSweep = false;
    bool json = false;

    bool plannedCluster() const { return groups > 0 || !scenarioPath.empty(); }
};

constexpr const char* kWhereAllowed =
    "COLUMN=V1,V2,... to keep or COLUMN!=V1,V2,... to drop (a column of the header and non-empty values)";

FailureLogFilter parseWhere(const std::string& text)
{
    const std::size_t equals = text.find('=');
    const bool exclude = equals != std::string::npos && equals > 0 && text[equals - 1] == '!';
    const std::size_t nameEnd = exclude ? equals - 1 : equals;
    if (equals == std::string::npos || nameEnd == 0)
        throw UsageError(fmt::format("--where '{}': not COLUMN=VALUES; allowed: {}", text, kWhereAllowed));
    FailureLogFilter filter{text.substr(0, nameEnd), {}, exclude};
    std::size_t begin = equals + 1;
    if (begin < text.size() && text[begin] == '=')
        throw UsageError(fmt::format("--where '{}': the value starts with '=' (a typo for {}{}?); allowed: {}", text,
                                     text.substr(0, begin), text.substr(begin + 1), kWhereAllowed));
    while (true) {
        const std::size_t end = std::min(text.find(',', begin), text.size());
        if (end == begin)
            throw UsageError(fmt::format("--where '{}': an empty value; allowed: {}", text, kWhereAllowed));
        filter.values.push_back(text.substr(begin, end - begin));
        if (end == text.size())
            return filter;
        begin = end + 1;
    }
}

FailureLogOptions readOptions(const FitCliOptions& opts)
{
    FailureLogOptions read;
    read.timeColumn = opts.timeColumn;
    read.timeFormat = TimeFormat::parse(opts.timeFormat);
    for (const std::string& where : opts.where)
        read.filters.push_back(parseWhere(where));
    if (!opts.from.empty())
        read.fromS = parseWindowBound(opts.from, read.timeFormat, WindowBound::From);
    if (!opts.to.empty())
        read.toS = parseWindowBound(opts.to, read.timeFormat, WindowBound::To);
    if (!opts.locationColumn.empty()) {
        read.locationColumn = opts.locationColumn;
        read.locationPattern = LocationPattern::parse(opts.locationPattern);
        if (!opts.rackLevel.empty() && !read.locationPattern->levelIndex(opts.rackLevel))
            throw UsageError(fmt::format("--rack-level '{}': not a level of --location-pattern '{}'; allowed: {}",
                                         opts.rackLevel, opts.locationPattern,
                                         fmt::join(read.locationPattern->levelNames(), ", ")));
    }
    read.badRows = opts.skipBadRows ? FailureLogOptions::BadRows::Skip : FailureLogOptions::BadRows::Error;
    read.requireSorted = opts.requireSorted;
    return read;
}

void checkFlagCombinations(const FitCliOptions& opts)
{
    if ((opts.groups > 0) != (opts.gpusPerGroup > 0))
        throw UsageError("--groups and --gpus-per-group: give both (the planned cluster) or neither");
    if (opts.plannedCluster() && opts.units <= 0.0)
        throw UsageError(fmt::format("{} needs --units (the size of the fleet the log covers)",
                                     opts.groups > 0 ? "--groups" : "--scenario"));
    if (!opts.scenarioOut.empty() && !opts.plannedCluster())
        throw UsageError("--scenario-out needs the planned cluster: --groups and --gpus-per-group, or --scenario");
    if (opts.locationColumn.empty() != opts.locationPattern.empty())
        throw UsageError("--location-column and --location-pattern: give both or neither");
}

// The base of the planned scenario: the --scenario file, or the defaults at --groups x --gpus-per-group.
Scenario plannedBase(const FitCliOptions& opts)
{
    if (!opts.scenarioPath.empty())
        return loadScenarioFile(opts.scenarioPath);
    Scenario base;
    base.groups = opts.groups;
    base.gpusPerGroup = opts.gpusPerGroup;
    base.redundancy = std::min(base.redundancy, base.groups);
    return base;
}

// "2024-03-05 12:34:56 UTC" (whole seconds).
std::string utcText(double epochS)
{
    using namespace std::chrono;
    const sys_seconds time{seconds{static_cast<long long>(std::floor(epochS))}};
    const sys_days day = floor<days>(time);
    const year_month_day date{day};
    const hh_mm_ss clock{time - day};
    return fmt::format("{:04}-{:02}-{:02} {:02}:{:02}:{:02} UTC", static_cast<int>(date.year()),
                       static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()), clock.hours().count(),
                       clock.minutes().count(), clock.seconds().count());
}

// A parameter value for people: 4 significant digits, thousands separators from 10,000 up.
std::string valueText(double value)
{
    if (std::isfinite(value) && std::fabs(value) >= 1e4 && std::fabs(value) < 1e15)
        return fixedText(value, 0);
    return fmt::format("{:.4g}", value);
}

std::string estimateText(const ParameterEstimate& e, bool duration)
{
    const auto text = [duration](double v) { return duration ? durationText(v) : valueText(v); };
    return fmt::format("{} (95%: {} .. {})", text(e.value), text(e.lower), text(e.upper));
}

std::string countOf(std::size_t n) { return countText(static_cast<std::int64_t>(n)); }

std::string pValueText(double p) { return std::isnan(p) ? "p n/a" : fmt::format("p {:.3f}", p); }

void printLog(const FailureLog& log)
{
    const FailureLogCounts& c = log.counts;
    fmt::print("log            {}\n", log.path);
    fmt::print("lines          {}: {} header, {} comments, {} blank, {} failures, {} filtered out (--where), {} "
               "outside the window, {} malformed (skipped)\n",
               countOf(c.lines), c.headerLines, countOf(c.commentLines), countOf(c.emptyLines), countOf(c.failures),
               countOf(c.filteredOut), countOf(c.outsideWindow), countOf(c.malformedRows));
    for (const std::string& example : c.malformedExamples)
        fmt::print("  skipped      {}\n", example);
    if (c.unsortedRows > 0)
        fmt::print("order          {} rows were earlier than the row before them; the failures were sorted\n",
                   countOf(c.unsortedRows));
    fmt::print("window         {} .. {} ({}), resolution {}\n", utcText(log.windowStartS), utcText(log.windowEndS),
               durationText(log.windowEndS - log.windowStartS), durationText(log.resolutionS));
}

std::string sizeCountsText(const CoincidentFailures& c)
{
    std::vector<std::string> parts;
    for (const auto& [size, interruptions] : c.sizeCounts())
        parts.push_back(fmt::format("{} x {}", countOf(interruptions), countOf(size)));
    return fmt::format("{}", fmt::join(parts, ", "));
}

std::string bootstrapText(const GoodnessOfFit& g, std::size_t gaps)
{
    if (g.bootstrapSamples == 0)
        return {};
    if (g.bootstrapGaps < gaps)
        return fmt::format(", {} bootstrap samples of a random {} of the {} gaps", g.bootstrapSamples,
                           countOf(g.bootstrapGaps), countOf(gaps));
    return fmt::format(", {} bootstrap samples", g.bootstrapSamples);
}

void printFits(const FailureLogFits& fits)
{
    const CoincidentFailures& c = fits.interruptions;
    fmt::print("interruptions  {} failures as {} interruptions ({}): sizes {} (interruptions x failures); largest "
               "{}, mean {:.3g}\n",
               countOf(c.failures()), countOf(c.interruptions()),
               c.windowS > 0.0 ? fmt::format("failures within {} of an interruption's first are one",
                                             durationText(c.windowS))
                               : std::string("failures in the same tick are one"),
               sizeCountsText(c), countOf(c.largest()), c.meanSize());
    const LifetimeSample& s = fits.sample;
    fmt::print("gaps           {} between interruptions, {}\n", countOf(s.uncensored()),
               s.censoredGapS > 0.0
                   ? fmt::format("and {} censored after the last", durationText(s.censoredGapS))
                   : std::string("none censored (the window ends at the last failure)"));
    const InterruptionCount& count = fits.count;
    fmt::print("count          {} interruptions after the first in {} (95%: {} .. {})\n", countOf(count.observed),
               durationText(count.exposureS), fixedText(count.lower, 1), fixedText(count.upper, 1));
    fmt::print("\n");
    for (std::size_t i = 0; i < fits.families.size(); ++i) {
        const FamilyFit& f = fits.families[i];
        const char* name = lifetimeFamilyName(f.fit.distribution.family);
        if (!f.fit.converged) {
            fmt::print("{:<12}   did not converge: {}\n", name, f.fit.problem);
            continue;
        }
        fmt::print("{:<12}   MTBF {}{}\n", name, estimateText(f.fit.mtbf, true),
                   i == fits.best ? "   <- best (lowest AIC)" : "");
        for (const ParameterEstimate& p : f.fit.parameters)
            fmt::print("               {} {}\n", p.name, estimateText(p, false));
        fmt::print("               expects {} interruptions{}\n", fixedText(f.expectedCount, 1),
                   f.countMatches ? "" : " (outside the log's interval)");
        const GoodnessOfFit& g = f.goodness;
        fmt::print("               AIC {}, delta {}; KS {:.4f} ({}), AD {:.3f} ({}){}\n", fixedText(f.fit.aic, 1),
                   fixedText(f.deltaAic, 1), g.ks, pValueText(g.ksPValue), g.ad, pValueText(g.adPValue),
                   bootstrapText(g, s.uncensored()));
    }
    for (const std::string& note : fits.notes)
        fmt::print("note           {}\n", note);
    fmt::print("\n");
}

void printModel(const FailureLogStudy& r)
{
    const ClusterFailureModel& m = *r.model;
    const FleetDescription& fleet = *r.fleet;
    fmt::print("fleet          {}\n",
               fleet.unit == FleetUnit::Gpu
                   ? fmt::format("{} GPUs", valueText(fleet.units))
                   : fmt::format("{} nodes x {} GPUs = {} GPUs", valueText(fleet.units), fleet.gpusPerNode,
                                 valueText(fleet.gpus())));
    fmt::print("fleet MTBF     {}\n", estimateText(m.fleetMtbfS, true));
    fmt::print("per GPU        MTBF {}\n", estimateText(m.perGpuMtbfS, true));
    fmt::print("               failures per 1000 GPU-days {}\n", estimateText(m.failuresPer1000GpuDays, false));
    if (r.planned) {
        const Scenario& s = *r.planned;
        fmt::print("planned        {} groups x {} GPUs = {} GPUs: system MTBF {}\n", countText(s.groups),
                   countText(s.gpusPerGroup), countText(static_cast<std::int64_t>(s.groups) * s.gpusPerGroup),
                   estimateText(m.systemMtbfS, true));
        fmt::print("failures       {}\n", fittedFailuresToJson(m.failures).dump());
    }
    for (const std::string& note : m.notes)
        fmt::print("note           {}\n", note);
    if (!r.checkpoints)
        return;
    const Scenario& s = *r.planned;
    const CheckpointPeriodStudy& c = *r.checkpoints;
    fmt::print("checkpoints    interruption MTBF {} ({}, r {}; write {}, restart {})\n",
               durationText(c.interruptionMtbfS), policyDisplayName(s.policy), s.redundancy,
               durationText(s.checkpointWriteS), durationText(s.restartS));
    fmt::print("               Young {}, Daly {}, Daly with restart {}\n", durationText(c.youngS),
               durationText(c.dalyS), durationText(c.dalyWithRestartS));
    if (c.candidates.empty())
        return;
    fmt::print("               simulated ({} seeds each):\n", c.candidates.front().runs);
    for (std::size_t i = 0; i < c.candidates.size(); ++i) {
        const CheckpointPeriodCandidate& k = c.candidates[i];
        fmt::print("               every {:>6} steps = {:>14}: TTT/T0 {:.4f} (sd {:.4f}){}{}\n", k.intervalSteps,
                   durationText(k.periodS), k.meanTttRatio, k.sdTttRatio,
                   k.completedRuns < k.runs
                       ? fmt::format(", {} of {} runs incomplete", k.runs - k.completedRuns, k.runs)
                       : std::string(),
                   i == c.best ? "   <- best" : "");
    }
    const CheckpointPeriodCandidate& best = c.candidates[c.best];
    fmt::print("               simulated best {} against Young {} (TTT/T0 {:.4f}) and Daly {} (TTT/T0 {:.4f}); the "
               "scenario's \"auto\" interval is {} steps\n",
               durationText(best.periodS), durationText(c.youngS), c.nearest(c.youngS).meanTttRatio,
               durationText(c.dalyS), c.nearest(c.dalyS).meanTttRatio, c.autoSteps);
}

void printClustering(const FailureLogStudy& r)
{
    const FailureClustering& c = *r.clustering;
    fmt::print("\nclustering     share of failures within {} of another in the same domain, against independent "
               "locations ({} permutations)\n",
               durationText(c.windowS), c.permutations);
    std::vector<std::string> mostHit;
    std::size_t width = std::string_view("most hit (failures)").size();
    for (const FailureClusteringLevel& l : c.levels) {
        mostHit.push_back(fmt::format("{} ({})", l.mostHitDomain, l.mostHitFailures));
        width = std::max(width, mostHit.back().size());
    }
    fmt::print("  {:<12} {:>8}  {:<{}} {:>9}  {:>26} {:>9}\n", "level", "domains", "most hit (failures)", width,
               "observed", "independent (95%)", "excess");
    for (std::size_t i = 0; i < c.levels.size(); ++i) {
        const FailureClusteringLevel& l = c.levels[i];
        fmt::print("  {:<12} {:>8}  {:<{}} {:>9}  {:>26} {:>9}\n", l.name, countOf(l.domains),
                   mostHit[i], width, percentText(l.observedShare, 1),
                   fmt::format("{} ({} .. {})", percentText(l.baselineMean, 1), percentText(l.baselineLow, 1),
                               percentText(l.baselineHigh, 1)),
                   percentText(l.excessShare, 1));
    }
    if (r.rackShare)
        fmt::print("rack share     {}\n", r.rackShare->evidence);
}

int stopped(const char* stage)
{
    fmt::print(stderr, "spare-cli: fit stopped by a signal while {}\n", stage);
    return 130;
}

CommandAction setupFit(CLI::App& sub)
{
    auto opts = std::make_shared<FitCliOptions>();
    sub.add_option("log", opts->logPath, "CSV failure log: a header row, then one failure (or event) per row")
        ->required();
    sub.add_option("--time-column", opts->timeColumn, "The column that holds each row's time")->required();
    sub.add_option("--time-format", opts->timeFormat,
                   "epoch | epoch-ms | iso8601 | a pattern such as '%m/%d/%Y %H:%M' (%Y %y %m %d %e %H %I %p %M %S %b "
                   "%j %z %%); times without a zone are UTC")
        ->capture_default_str();
    sub.add_option("--where", opts->where,
                   "Keep only rows whose COLUMN is one of the values, COLUMN=V1,V2, or is none of them, COLUMN!=V1,V2 "
                   "(repeatable; all must hold)")
        ->allow_extra_args(false);
    sub.add_option("--from", opts->from, "Window start, in the log's time format or ISO-8601 (default: first failure)");
    sub.add_option("--to", opts->to,
                   "Window end, in the log's time format or ISO-8601; a date alone means the end of that day "
                   "(default: last failure; the time from the last failure to --to counts as censored)");
    CLI::Option* location = sub.add_option("--location-column", opts->locationColumn,
                                           "The column that names each failure's location (with --location-pattern)");
    sub.add_option("--location-pattern", opts->locationPattern,
                   "How a location splits into levels, outermost first: e.g. 'c{col}-{row}c{cage}s{slot}n{node}'");
    sub.add_option("--cluster-window", opts->clusterWindowS,
                   "Two failures of one domain this close (seconds) are clustered, > 0 .. 1e9")
        ->capture_default_str()
        ->check(positiveNumberUpTo(ScenarioLimits::maxDurationS))
        ->needs(location);
    sub.add_option("--coincidence-window", opts->coincidenceWindowS,
                   "Failures at most this many seconds after an interruption's first are one interruption (one event "
                   "logged per GPU or node), 0 .. 1e9; 0: the same tick")
        ->capture_default_str()
        ->check(numberIn(0.0, ScenarioLimits::maxDurationS));
    sub.add_option("--rack-level", opts->rackLevel,
                   "The location level that closes a rack (e.g. row): suggests a rack share for sweep --rack-share")
        ->needs(location);
    sub.add_option("--units", opts->units, "Size of the fleet the log covers (GPUs or nodes, see --unit), 1 .. 1e9")
        ->check(numberIn(1.0, 1e9));
    sub.add_option("--unit", opts->unit, "What --units counts: gpu | node")
        ->capture_default_str()
        ->check(choiceOf("gpu | node", [](std::string_view name) { return parseFleetUnit(name).has_value(); }));
    CLI::Option* gpusPerNode = sub.add_option("--gpus-per-node", opts->gpusPerNode, "GPUs per node with --unit node")
                                   ->capture_default_str()
                                   ->check(integerIn(1, ScenarioLimits::maxGpusPerNode));
    CLI::Option* groups = sub.add_option("--groups,-N", opts->groups, "Planned cluster: data-parallel groups N")
                              ->check(integerIn(ScenarioLimits::minGroups, ScenarioLimits::maxGroups));
    CLI::Option* gpusPerGroup =
        sub.add_option("--gpus-per-group", opts->gpusPerGroup, "Planned cluster: GPUs per group M")
            ->check(integerIn(ScenarioLimits::minGpusPerGroup, ScenarioLimits::maxGpusPerGroup));
    CLI::Option* scenario = sub.add_option("--scenario", opts->scenarioPath,
                                           "Planned cluster from a scenario (groups, GPUs per group, checkpoint write "
                                           "and restart times, policy)")
                                ->excludes(groups)
                                ->excludes(gpusPerGroup);
    sub.add_option("--scenario-out", opts->scenarioOut,
                   "Write the planned scenario (the --scenario file or the defaults) with the fitted failures "
                   "section (atomically)");
    sub.add_option("--bootstrap", opts->bootstrap,
                   "Bootstrap samples per family for the KS and AD p-values, 0 .. 100000 (0: no p-values)")
        ->capture_default_str()
        ->check(integerIn(0, 100'000));
    sub.add_option("--seed", opts->seed, "Random seed of the bootstrap and the permutations")
        ->capture_default_str()
        ->check(seedValue());
    sub.add_option("--threads", opts->threads, "Worker threads (0 = all cores)")
        ->capture_default_str()
        ->check(integerIn(0, 1024));
    sub.add_flag("--skip-bad-rows", opts->skipBadRows,
                 "Count and skip malformed rows instead of stopping at the first");
    sub.add_flag("--require-sorted", opts->requireSorted, "A row earlier than the one before it is an error");
    sub.add_flag("--checkpoint-sweep", opts->checkpointSweep,
                 "Simulate the planned scenario at checkpoint intervals around Young's and Daly's periods")
        ->needs(scenario);
    sub.add_flag("--json", opts->json, "Print every figure as JSON");
    return [opts, gpusPerNode] {
        checkFlagCombinations(*opts);
        const auto unit = *parseFleetUnit(opts->unit);
        if (gpusPerNode->count() > 0 && unit != FleetUnit::Node)
            throw UsageError(fmt::format("--gpus-per-node {}: applies to --unit node only; --unit is {}",
                                         opts->gpusPerNode, opts->unit));
        OutputFiles files;
        files.add("--scenario-out", opts->scenarioOut);
        files.addInput("the log", opts->logPath);
        files.addInput("--scenario", opts->scenarioPath);
        files.check();
        FailureLogStudyOptions study;
        study.read = readOptions(*opts);
        study.coincidenceWindowS = opts->coincidenceWindowS;
        study.bootstrapSamples = opts->bootstrap;
        study.seed = opts->seed;
        study.control.threads = opts->threads;
        if (opts->units > 0.0)
            study.fleet = FleetDescription{opts->units, unit, opts->gpusPerNode};
        if (opts->plannedCluster())
            study.plannedBase = plannedBase(*opts);
        study.checkpointSweep = opts->checkpointSweep;
        study.clusterWindowS = opts->clusterWindowS;
        study.rackLevel = opts->rackLevel;
        if (opts->bootstrap > 0)
            study.bootstrapProgress = stderrProgress("bootstrap", "samples");
        study.checkpointProgress = stderrProgress("checkpoint sweep");
        study.control.cancel = &installStopSignal();

        const FailureLogStudy r = runFailureLogStudy(opts->logPath, study);
        if (r.stoppedWhile)
            return stopped(r.stoppedWhile);
        if (!opts->scenarioOut.empty())
            files.guard([&] { writeFileAtomically(opts->scenarioOut, scenarioToJsonText(*r.planned)); });

        if (opts->json) {
            // Invalid UTF-8 from the log (a location) is replaced, not an exception after the whole fit.
            const nlohmann::json report = failureLogStudyToJson(r, study, opts->scenarioOut);
            fmt::print("{}\n", report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
            return 0;
        }
        printLog(r.log);
        printFits(r.fits);
        if (r.model)
            printModel(r);
        if (r.clustering)
            printClustering(r);
        if (!opts->scenarioOut.empty())
            fmt::print("\nwrote          {} (the planned scenario with the fitted failures section)\n",
                       opts->scenarioOut);
        return 0;
    };
}

const bool registered = registerCommand(
    {"fit", "Fit lifetime models to a CSV failure log and scale them to a planned cluster's failures section",
     &setupFit});

}  // namespace

}  // namespace spare::cli
