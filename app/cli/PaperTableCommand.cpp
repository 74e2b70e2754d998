#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/MemoryBudget.h"
#include "app/cli/ProgressPrinter.h"

#include "engine/sweep/PaperTable.h"
#include "engine/sweep/PaperTableJson.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <memory>

namespace spare::cli {

namespace {

struct PaperTableOptions {
    int seeds = 3;
    int threads = 0;
    std::string memoryLimit;
    bool json = false;
};

void printTable(const PaperTable& table)
{
    fmt::print("{:>5} | {:<7} | {:>14} {:>6} {:>9} | {:>15} {:>7} {:>9} | {:>6}\n", "N", "source", "Rep TTT/T0 (r)",
               "", "avail", "SPARe TTT/T0 (r)", "", "avail", "gain");
    for (const auto& row : table.rows) {
        const PaperReference& p = row.paper;
        fmt::print("{:>5} | {:<7} | {:>14.2f} {:>6} {:>8.2f}% | {:>15.2f} {:>7} {:>8.2f}% | {:>5.1f}%\n", p.groups,
                   "paper", p.repTttRatio, fmt::format("(r={})", p.repRedundancy), p.repAvailability * 100.0,
                   p.spareTttRatio, fmt::format("(r={})", p.spareRedundancy), p.spareAvailability * 100.0,
                   p.gainPercent);
        const auto line = [&](const char* label, const SweepRow& rep, const SweepRow& spare, const std::string& gain) {
            fmt::print("{:>5} | {:<7} | {:>14.2f} {:>6} {:>8.2f}% | {:>15.2f} {:>7} {:>8.2f}% | {:>6}\n", "", label,
                       rep.stat("ttt_ratio").mean, fmt::format("(r={})", rep.redundancy),
                       rep.stat("availability").mean * 100.0, spare.stat("ttt_ratio").mean,
                       fmt::format("(r={})", spare.redundancy), spare.stat("availability").mean * 100.0, gain);
        };
        line("ours", row.repBest, row.spareBest, fmt::format("{:.1f}%", row.gainPercent));
        line("ours@r", row.repAtPaperR, row.spareAtPaperR, "");
    }
    fmt::print("\nCKPT-only (stopped at 100 x T0 when not done):\n");
    for (const auto& row : table.rows) {
        const SweepRow& c = row.ckpt;
        fmt::print("{:>5} | {} of {} runs completed; mean steps done {:.1f} of {}; TTT/T0 {:.2f}; restarts {:.0f}; "
                   "availability {:.2f}%\n",
                   row.paper.groups, c.completedRuns, c.runs, c.stat("steps_done").mean, c.stat("steps").mean,
                   c.stat("ttt_ratio").mean, c.stat("restarts").mean, c.stat("availability").mean * 100.0);
    }
}

CommandAction setupPaperTable(CLI::App& sub)
{
    auto opts = std::make_shared<PaperTableOptions>();
    sub.add_option("--seeds", opts->seeds, "Seeds per (policy, r)")->capture_default_str()->check(integerIn(1, 1000));
    sub.add_option("--threads", opts->threads, "Worker threads (0 = all cores)")
        ->capture_default_str()
        ->check(integerIn(0, 1024));
    sub.add_flag("--json", opts->json, "Print JSON instead of a table");
    addMemoryLimitOption(sub, opts->memoryLimit);
    return [opts] {
        requireMemoryFits(estimatePaperTableMemory(opts->threads), paperScenario(paperReferences().back().groups),
                          opts->memoryLimit);
        SweepRunOptions run;
        run.control.threads = opts->threads;
        run.control.progress = stderrProgress("paper-table");
        const PaperTable table = runPaperTable(opts->seeds, run);
        if (opts->json)
            fmt::print("{}\n", paperTableToJson(table).dump(2));
        else
            printTable(table);
        return 0;
    };
}

const bool registered = registerCommand(
    {"paper-table", "Reproduce the SPARe paper's table (N = 200/600/1000) beside the published numbers",
     &setupPaperTable});

}  // namespace

}  // namespace spare::cli
