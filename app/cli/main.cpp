#include "app/cli/CliCommand.h"
#include "app/cli/CliExitCode.h"

#include "engine/base/ByteSize.h"
#include "engine/base/InputFile.h"
#include "engine/campaign/BuildProvenance.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <new>

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

namespace {

// Address space set aside at start (never touched, so it costs no RAM) and given back by the first
// failed allocation before it throws: destructors that allocate while the bad_alloc unwinds (e.g.
// nlohmann::json's, which are noexcept) then succeed instead of calling std::terminate (signal 6).
std::unique_ptr<char[]>& unwindReserve()
{
    static std::unique_ptr<char[]> reserve;
    return reserve;
}

void releaseReserveAndThrow()
{
    unwindReserve().reset();
    std::set_new_handler(nullptr);
    throw std::bad_alloc();
}

// --max-scenario-size / --max-trace-size into inputFileLimits(); UsageError naming a malformed flag.
void applyInputLimit(const std::string& flag, const std::string& text, std::uint64_t& limit)
{
    if (text.empty())
        return;
    const auto bytes = parseByteSize(text);
    if (!bytes)
        throw UsageError(fmt::format("{} {} is malformed: allowed a size from 1 byte to 1 EB, e.g. 64M or 2G", flag, text));
    limit = *bytes;
}

// Prints the exception being handled and returns the exit code it maps to.
int reportCurrentException()
{
    const CliFailure failure = cliFailure(std::current_exception());
    fmt::print(stderr, "{}", failure.message);
    return failure.exitCode;
}

// Standard output is buffered: a full disk behind it shows only when it is flushed, after the command.
int flushStandardOutput(int exitCode)
{
    errno = 0;
    if (std::fflush(stdout) == 0 && !std::ferror(stdout))
        return exitCode;
    fmt::print(stderr, "spare-cli: standard output: cannot write: {}\n",
               errno != 0 ? std::strerror(errno) : "an earlier write failed");
    return exitCode == kExitOk ? kExitFailure : exitCode;
}

}  // namespace

}  // namespace spare::cli

int main(int argc, char** argv)
{
    using namespace spare::cli;
    unwindReserve().reset(new char[64 << 20]);
    std::set_new_handler(releaseReserveAndThrow);

    CLI::App app{"spare-cli: SPARe Studio's headless engine (layouts, reorder controller, analysis, simulation)"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("spare-cli ") + spare::buildVersion());
    app.footer("Exit codes:\n"
               "  0  done\n"
               "  1  failed: out of memory, a file system or device error\n"
               "  2  bad input: a flag, file or value; the message says what to change\n"
               "  3  internal error: a bug in spare-cli; please report it with the command line and the message");
    // Input-file limits are accepted before or after the subcommand (fallthrough).
    app.fallthrough();
    std::string maxScenarioSize;
    std::string maxTraceSize;
    app.add_option("--max-scenario-size", maxScenarioSize,
                   "Largest scenario or layout file read, e.g. 64M (default 64M); larger files are refused");
    app.add_option("--max-trace-size", maxTraceSize,
                   "Largest failure-trace file read, e.g. 2G (default 1G); larger files are refused");

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
            return kExitBadInput;
        }
        fmt::print(stderr, "spare-cli: {}\n", e.what());
        return kExitBadInput;
    } catch (const std::bad_alloc&) {
        fmt::print(stderr, "spare-cli: out of memory while reading the command line\n");
        return kExitFailure;
    } catch (...) {
        return reportCurrentException();
    }

    try {
        spare::InputFileLimits& limits = spare::inputFileLimits();
        applyInputLimit("--max-scenario-size", maxScenarioSize, limits.scenarioBytes);
        applyInputLimit("--max-trace-size", maxTraceSize, limits.traceBytes);
        return flushStandardOutput(action ? action() : kExitBadInput);
    } catch (...) {
        return reportCurrentException();
    }
}
