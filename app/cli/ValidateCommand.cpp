#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/ProgressPrinter.h"
#include "app/cli/StopSignal.h"

#include "engine/planning/PublishedRunValidation.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <memory>

namespace spare::cli {

namespace {

struct ValidateOptions {
    int seeds = 10;
    int threads = 0;
    std::vector<std::string> rows;
    std::string scenarios;
    bool markdown = false;
    bool json = false;
    bool check = false;
};

// Beside an installed spare-cli (bin/../share/spare/scenarios), else the source tree's.
std::string defaultScenarioDirectory()
{
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const auto installed = exe.parent_path() / ".." / "share" / "spare" / "scenarios";
        if (std::filesystem::is_directory(installed, ec))
            return installed.lexically_normal().string();
    }
    return SPARE_SOURCE_DIR "/scenarios";
}

nlohmann::json rowJson(const ValidationRow& row)
{
    return {{"id", row.id},           {"source", row.source},   {"figure", row.figure},
            {"published", row.published}, {"low", row.low},     {"high", row.high},
            {"value", row.value},     {"half_width", row.halfWidth}, {"seeds", row.seeds},
            {"check", row.check},     {"scenario", row.scenario}, {"run_flags", row.runFlags},
            {"holds", row.passes()}};
}

CommandAction setupValidate(CLI::App& sub)
{
    auto opts = std::make_shared<ValidateOptions>();
    sub.add_option("--seeds", opts->seeds, "Seeds 1 .. N for every simulated row")
        ->capture_default_str()
        ->check(integerIn(2, 1000));
    sub.add_option("--row", opts->rows, "Only these rows (repeat the flag or give a comma list)")->delimiter(',');
    sub.add_option("--scenarios", opts->scenarios, "Folder of the shipped scenarios (default: the installed or source one)");
    sub.add_option("--threads", opts->threads, "Worker threads (0 = all cores)")
        ->capture_default_str()
        ->check(integerIn(0, 1024));
    sub.add_flag("--markdown", opts->markdown, "Print the Markdown table of docs/validation.md");
    sub.add_flag("--json", opts->json, "Print JSON");
    sub.add_flag("--check", opts->check, "Exit 4 when a row does not hold");
    return [opts] {
        ValidationOptions options;
        options.seeds = opts->seeds;
        options.rows = opts->rows;
        options.control.threads = opts->threads;
        options.scenariosDir = opts->scenarios.empty() ? defaultScenarioDirectory() : opts->scenarios;
        options.control.progress = stderrProgress("validate");
        const std::atomic<bool>& stop = installStopSignal();
        options.control.cancel = &stop;
        const std::vector<ValidationRow> rows = runPublishedRunValidation(options);
        if (stop.load())
            return 130;
        if (opts->json) {
            nlohmann::json out = nlohmann::json::array();
            for (const ValidationRow& row : rows)
                out.push_back(rowJson(row));
            fmt::print("{}\n", out.dump(2));
        } else if (opts->markdown) {
            fmt::print("{}", validationMarkdown(rows));
        } else {
            for (const ValidationRow& row : rows)
                fmt::print("{:<18} {:<5} published {:<10} product {:.4g} +- {:.2g} [{}]  {}\n", row.id,
                           row.passes() ? "holds" : "FAILS", row.published, row.value, row.halfWidth,
                           row.seeds > 0 ? fmt::format("{} seeds", row.seeds) : std::string("closed form"), row.check);
        }
        const bool allHold = std::all_of(rows.begin(), rows.end(), [](const ValidationRow& r) { return r.passes(); });
        return opts->check && !allHold ? 4 : 0;
    };
}

const bool registered = registerCommand(
    {"validate", "Published figures of real runs (Llama 3, Meta's research clusters, Daly's optimum) beside the product's",
     &setupValidate});

}  // namespace

}  // namespace spare::cli
