#include "CliCommand.h"

#include "io/InputError.h"
#include "io/OutputFileError.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <exception>

namespace spare::cli {

namespace {
std::vector<CommandInfo>& registry()
{
    static std::vector<CommandInfo> all;
    return all;
}
}  // namespace

bool registerCommand(CommandInfo info)
{
    registry().push_back(std::move(info));
    return true;
}

const std::vector<CommandInfo>& commands() { return registry(); }

}  // namespace spare::cli

int main(int argc, char** argv)
{
    using namespace spare::cli;
    CLI::App app{"spare-cli: SPARe Studio's headless engine (layouts, reorder controller, analysis, simulation)"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "spare-cli 0.1.0");

    auto sorted = commands();
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    CommandAction action;
    for (const auto& info : sorted) {
        CLI::App* sub = app.add_subcommand(info.name, info.description);
        CommandAction subAction = info.setup(*sub);
        sub->callback([&action, subAction] { action = subAction; });
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        if (app.get_subcommands().empty()) {
            std::vector<std::string> names;
            for (const auto& info : sorted)
                names.push_back(info.name);
            const std::string given = argc > 1 ? fmt::format("unknown command '{}'", argv[1]) : "a command is required";
            fmt::print(stderr, "spare-cli: {}; allowed: {}\n", given, fmt::join(names, ", "));
            return 2;
        }
        fmt::print(stderr, "spare-cli: {}\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        fmt::print(stderr, "spare-cli: {}\n", e.what());
        return 2;
    }

    try {
        return action ? action() : 2;
    } catch (const UsageError& e) {
        fmt::print(stderr, "spare-cli: {}\n", e.what());
        return 2;
    } catch (const spare::InputError& e) {
        fmt::print(stderr, "spare-cli: {}\n", e.what());
        return 2;
    } catch (const std::invalid_argument& e) {
        fmt::print(stderr, "spare-cli: {}\n", e.what());
        return 2;
    } catch (const spare::OutputFileError& e) {
        fmt::print(stderr, "spare-cli: {}\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        fmt::print(stderr, "spare-cli: error: {}\n", e.what());
        return 1;
    }
}
