#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/OutputFiles.h"
#include "app/cli/ProgressPrinter.h"
#include "app/cli/StopSignal.h"

#include "engine/base/AtomicFile.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/planning/RegimeMap.h"

#include <fmt/core.h>

#include <charconv>
#include <cmath>
#include <memory>
#include <sstream>

namespace spare::cli {

namespace {

struct RegimeMapCliOptions {
    std::string scenarioPath;
    std::string x = "restart.duration_s=60,120,300,600,1200,1800,3600";
    std::string y = "failures.system_mtbf_s=150,300,600,1200,2400";
    std::string policies = "spare,ckpt-memory,elastic,rebalance";
    int seeds = 3;
    int threads = 0;
    double maxTttRatio = 100.0;
    std::string outPath;
};

double parseNumber(const std::string& text, const std::string& flag, const std::string& spec)
{
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        throw UsageError(fmt::format("{} {}: \"{}\" is not a number; allowed: KEY=V1,V2,... or KEY=LO:HI:N (N values, "
                                     "evenly spaced) or KEY=LO:HI:Ng (geometric)",
                                     flag, spec, text.substr(0, 40)));
    return value;
}

// KEY=V1,V2,... or KEY=LO:HI:N (linear) or KEY=LO:HI:Ng (geometric), 1 .. 100 values.
RegimeAxis parseAxis(const std::string& spec, const char* flag)
{
    const auto eq = spec.find('=');
    if (eq == std::string::npos)
        throw UsageError(fmt::format("{} {}: no '='; allowed: KEY=V1,V2,... or KEY=LO:HI:N", flag, spec.substr(0, 60)));
    RegimeAxis axis;
    axis.key = spec.substr(0, eq);
    checkRegimeAxisKey(axis.key, flag);
    const std::string values = spec.substr(eq + 1);
    if (std::count(values.begin(), values.end(), ':') == 2) {
        const auto a = values.find(':');
        const auto b = values.find(':', a + 1);
        const double lo = parseNumber(values.substr(0, a), flag, spec);
        const double hi = parseNumber(values.substr(a + 1, b - a - 1), flag, spec);
        std::string count = values.substr(b + 1);
        const bool geometric = !count.empty() && count.back() == 'g';
        if (geometric)
            count.pop_back();
        const double n = parseNumber(count, flag, spec);
        if (n < 2 || n > 100 || n != std::floor(n))
            throw UsageError(fmt::format("{} {}: {} values; allowed: 2 .. 100", flag, spec, count));
        if (geometric && !(lo > 0.0 && hi > 0.0))
            throw UsageError(fmt::format("{} {}: a geometric axis needs LO > 0 and HI > 0", flag, spec));
        for (int i = 0; i < static_cast<int>(n); ++i) {
            const double t = i / (n - 1.0);
            axis.values.push_back(geometric ? lo * std::pow(hi / lo, t) : lo + (hi - lo) * t);
        }
    } else {
        std::stringstream stream(values);
        std::string item;
        while (std::getline(stream, item, ','))
            axis.values.push_back(parseNumber(item, flag, spec));
    }
    if (axis.values.empty() || axis.values.size() > 100)
        throw UsageError(fmt::format("{} {}: {} values; allowed: 1 .. 100", flag, spec.substr(0, 60), axis.values.size()));
    return axis;
}

CommandAction setupRegimeMap(CLI::App& sub)
{
    auto opts = std::make_shared<RegimeMapCliOptions>();
    sub.add_option("scenario", opts->scenarioPath, "Scenario JSON file (the base of every cell)")->required();
    sub.add_option("--x", opts->x, "Column axis: KEY=V1,V2,... or KEY=LO:HI:N (N values) or KEY=LO:HI:Ng (geometric)")
        ->capture_default_str();
    sub.add_option("--y", opts->y, "Row axis, the same forms")->capture_default_str();
    sub.add_option("--policies", opts->policies,
                   "Comma list of 2 .. 6 contenders: spare, rep, ckpt, elastic, rebalance, each optionally with "
                   "-memory (the in-memory checkpoint tier)")
        ->capture_default_str();
    sub.add_option("--seeds", opts->seeds, "Seeds 1 .. N per cell, the same for every contender")
        ->capture_default_str()
        ->check(integerIn(1, 1000));
    sub.add_option("--threads", opts->threads, "Worker threads (0 = all cores)")
        ->capture_default_str()
        ->check(integerIn(0, 1024));
    sub.add_option("--max-ttt-ratio", opts->maxTttRatio, "A run still unfinished at this multiple of T0 counts as it")
        ->capture_default_str()
        ->check(positiveNumberUpTo(1e6));
    sub.add_option("--out", opts->outPath, "Write one CSV row per cell and contender (atomically)");
    return [opts] {
        OutputFiles files;
        files.add("--out", opts->outPath);
        files.addInput("scenario", opts->scenarioPath);
        files.check();
        RegimeMapOptions options;
        options.x = parseAxis(opts->x, "--x");
        options.y = parseAxis(opts->y, "--y");
        std::stringstream stream(opts->policies);
        std::string name;
        while (std::getline(stream, name, ','))
            options.contenders.push_back(parseRegimeContender(name));
        if (options.contenders.size() < 2 || options.contenders.size() > 6)
            throw UsageError(fmt::format("--policies {}: {} contenders; allowed: 2 .. 6", opts->policies,
                                         options.contenders.size()));
        options.seeds = opts->seeds;
        options.threads = opts->threads;
        options.maxTttRatio = opts->maxTttRatio;
        const Scenario base = loadScenarioFile(opts->scenarioPath);
        const std::size_t runs =
            options.x.values.size() * options.y.values.size() * options.contenders.size() * options.seeds;
        fmt::print(stderr, "regime-map: {} x {} cells x {} contenders x {} seeds = {} runs; the progress lines say "
                           "how long is left\n",
                   options.x.values.size(), options.y.values.size(), options.contenders.size(), options.seeds, runs);
        options.progress = stderrProgress("regime-map");
        const std::atomic<bool>& stop = installStopSignal();
        options.cancel = &stop;
        const RegimeMap map = runRegimeMap(base, options);
        if (stop.load())
            return 130;
        if (!opts->outPath.empty())
            files.guard([&] { writeFileAtomically(opts->outPath, regimeMapCsv(map)); });
        fmt::print("{}", regimeMapText(map));
        return 0;
    };
}

const bool registered = registerCommand(
    {"regime-map", "Which policy wins where: two scenario keys as axes, each cell's winner by TTT/T0", &setupRegimeMap});

}  // namespace

}  // namespace spare::cli
