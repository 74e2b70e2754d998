#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/OutputFiles.h"
#include "app/cli/ProgressPrinter.h"
#include "app/cli/StopSignal.h"

#include "engine/base/AtomicFile.h"
#include "engine/sim/ScenarioJson.h"
#include "engine/planning/RegimeMap.h"

#include <fmt/core.h>

#include <memory>

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
        options.x = parseRegimeAxis(opts->x, "--x");
        options.y = parseRegimeAxis(opts->y, "--y");
        options.contenders = parseRegimeContenders(opts->policies, "--policies");
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
