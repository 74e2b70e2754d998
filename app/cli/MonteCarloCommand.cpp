#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/DomainOptions.h"
#include "app/cli/HumanFormat.h"
#include "app/cli/ProgressPrinter.h"

#include "engine/analysis/MonteCarlo.h"
#include "engine/analysis/MonteCarloJson.h"
#include "engine/layout/Layout.h"
#include "engine/layout/LayoutIndependence.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>
#include <tbb/global_control.h>

#include <chrono>
#include <memory>
#include <optional>

namespace spare::cli {

namespace {

struct MonteCarloFlags {
    LayoutOptions layout;
    DomainOptions domains;
    double burstShare = 0.0;
    bool burstShareGiven = false;
    long long trials = 0;
    unsigned long long seed = 1;
    int threads = 0;
    bool threadsGiven = false;  // else all cores
    std::string device = "auto";
    bool json = false;
    bool wipeoutOnly = false;
};

constexpr long long kMaxTrials = 1'000'000'000;

Device parseDevice(const std::string& value)
{
    if (value == "auto")
        return Device::Auto;
    if (value == "cpu")
        return Device::Cpu;
    return Device::Cuda;
}

int runMonteCarlo(const MonteCarloFlags& flags)
{
    const Device requested = parseDevice(flags.device);
    if (requested == Device::Cuda) {
        const std::string why = MonteCarlo::cudaUnavailableReason();
        if (!why.empty())
            throw UsageError(fmt::format("--device cuda is not available: {}", why));
    }
    checkGroupsAndRedundancy(flags.layout);
    const auto placement = placementFor(flags.domains, flags.layout.groups);
    if (flags.burstShareGiven && !placement)
        throw UsageError("--burst-share needs --topology or --scenario (the failure domains that burst)");
    const Layout layout = Layout::byName(flags.layout.layout, flags.layout.groups, flags.layout.redundancy, "",
                                         placement ? &*placement : nullptr);

    std::optional<tbb::global_control> threadLimit;
    if (flags.threadsGiven)
        threadLimit.emplace(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(flags.threads));
    const std::size_t threads = tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);

    MonteCarloOptions options;
    options.trials = static_cast<std::uint64_t>(flags.trials);
    options.seed = flags.seed;
    options.device = requested;
    options.wipeoutOnly = flags.wipeoutOnly;
    if (flags.burstShareGiven)
        options.bursts = DomainBursts::fromPlacement(*placement, placement->topology().domainLevel, flags.burstShare);
    if (options.trials >= 100'000)
        options.control.progress = stderrProgress("montecarlo", "trials");

    const auto start = std::chrono::steady_clock::now();
    const MonteCarloResult result = MonteCarlo::run(layout, options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    if (flags.json) {
        MonteCarloRunInfo info;
        info.threads = threads;
        info.seconds = seconds;
        if (options.bursts)
            info.burstLevel = placement->topology().domainLevel;
        fmt::print("{}\n", monteCarloToJson(layout, options, result, info).dump(2));
        return 0;
    }
    fmt::print("layout            {} (N = {}, r = {})\n", layout.name(), countText(layout.groups()), layout.redundancy());
    fmt::print("trials            {} (seed {})\n", countText(static_cast<std::int64_t>(result.trials)), result.seed);
    if (options.bursts)
        fmt::print("bursts            share {} of failure events, {} {}s\n", flags.burstShare,
                   countText(options.bursts->domains()), domainLevelName(placement->topology().domainLevel));
    fmt::print("mu                {}  95% CI [{}, {}]{}\n", fixedText(result.mu, 2), fixedText(result.muCi95.low, 2),
               fixedText(result.muCi95.high, 2), options.bursts ? " (failed groups)" : "");
    if (options.bursts)
        fmt::print("bursts endured    {}  95% CI [{}, {}]\n", fixedText(result.burstsEndured, 2),
                   fixedText(result.burstsEnduredCi95.low, 2), fixedText(result.burstsEnduredCi95.high, 2));
    if (flags.wipeoutOnly) {
        fmt::print("S_bar             not computed (--wipeout-only)\n");
    } else {
        fmt::print("S_bar             {}  95% CI [{}, {}]\n", fixedText(result.sbar, 3), fixedText(result.sbarCi95.low, 3),
                   fixedText(result.sbarCi95.high, 3));
        fmt::print("S_bar lower bound {}  (pooled ceil(N / (N - k)))\n", fixedText(result.sbarLowerBound, 3));
    }
    fmt::print("device            {} ({} threads)\n", result.deviceName, threads);
    fmt::print("time              {} ({} trials/s)\n", durationText(seconds),
               countText(static_cast<std::int64_t>(static_cast<double>(result.trials) / seconds)));
    if (const auto warning = independenceWarning(layoutIndependence(layout)); !warning.empty())
        fmt::print("warning: {}\n", warning);
    return 0;
}

CommandAction setupMonteCarlo(CLI::App& sub)
{
    auto flags = std::make_shared<MonteCarloFlags>();
    addLayoutOptions(sub, flags->layout);
    sub.add_option("--trials,-T", flags->trials, "Number of random failure orders")
        ->required()
        ->check(integerIn(1, kMaxTrials));
    sub.add_option("--seed", flags->seed, "Random seed (results depend only on layout, trials and seed)")
        ->capture_default_str()
        ->check(seedValue());
    CLI::Option* threads = sub.add_option("--threads", flags->threads, "oneTBB worker threads (default: all cores)")
                               ->check(integerIn(1, 4096));
    sub.add_option("--device", flags->device, "auto, cpu or cuda")
        ->capture_default_str()
        ->check(choiceOf("auto | cpu | cuda", [](std::string_view name) {
            return name == "auto" || name == "cpu" || name == "cuda";
        }));
    addDomainOptions(sub, flags->domains, "the failure domains of --burst-share; needed by --layout golomb-domain");
    CLI::Option* burstShare =
        sub.add_option("--burst-share", flags->burstShare,
                       "Share of failure events that fail a whole domain at --domain-level at once (0 .. 1)")
            ->check(numberIn(0.0, 1.0));
    sub.add_flag("--json", flags->json, "Print JSON instead of a table");
    sub.add_flag("--wipeout-only", flags->wipeoutOnly,
                 "Only mu: the wipe-out loop without S*(k), the reference the exact kernel is timed against");
    return [flags, threads, burstShare] {
        flags->threadsGiven = threads->count() > 0;
        flags->burstShareGiven = burstShare->count() > 0;
        return runMonteCarlo(*flags);
    };
}

const bool registered = registerCommand(
    {"montecarlo", "Monte-Carlo of random failure orders: mu (failures endured) and S_bar", &setupMonteCarlo});

}  // namespace

}  // namespace spare::cli
