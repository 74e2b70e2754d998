#include "app/cli/CliCommand.h"

#include "engine/sim/ScenarioKeyTable.h"

#include <fmt/core.h>

namespace spare::cli {

namespace {

CommandAction setupScenarioKeys(CLI::App&)
{
    return [] {
        fmt::print("{}\nEach entry of the lists `failures.domains` and `failures.categories` is an object with these "
                   "keys:\n\n{}",
                   scenarioKeyTableMarkdown(), scenarioListKeyTableMarkdown());
        return 0;
    };
}

const bool registered = registerCommand(
    {"scenario-keys", "Print every scenario JSON key with meaning, unit, default and allowed range (Markdown)",
     &setupScenarioKeys});

}  // namespace

}  // namespace spare::cli
