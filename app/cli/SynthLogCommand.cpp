#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/OutputFiles.h"

#include "engine/planning/SyntheticFailureLog.h"

#include <fmt/core.h>

#include <array>
#include <charconv>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace spare::cli {

namespace {

constexpr std::array<std::pair<std::string_view, GapDistribution>, 3> kModels{
    {{"exponential", GapDistribution::Exponential}, {"weibull", GapDistribution::Weibull},
     {"lognormal", GapDistribution::Lognormal}}};
constexpr std::array<std::pair<std::string_view, SyntheticTimeFormat>, 3> kTimeFormats{
    {{"mdy-minute", SyntheticTimeFormat::MdyMinute}, {"iso8601", SyntheticTimeFormat::Iso8601},
     {"epoch", SyntheticTimeFormat::Epoch}}};

template <typename Value, std::size_t N>
std::optional<Value> lookUp(const std::array<std::pair<std::string_view, Value>, N>& table, std::string_view name)
{
    for (const auto& [known, value] : table)
        if (known == name)
            return value;
    return std::nullopt;
}

constexpr const char* kRoomRange = "COLSxROWSxCAGESxSLOTSxNODES, each an integer 1 .. 1000";

// "4x8x3x8x4": cols x rows x cages x slots x nodes.
std::optional<MachineRoom> parseMachineRoom(std::string_view text)
{
    std::array<int, 5> sides{};
    const char* at = text.data();
    const char* end = text.data() + text.size();
    for (std::size_t i = 0; i < sides.size(); ++i) {
        if (i > 0) {
            if (at == end || *at != 'x')
                return std::nullopt;
            ++at;
        }
        if (at == end || *at < '0' || *at > '9')
            return std::nullopt;
        const auto [next, error] = std::from_chars(at, end, sides[i]);
        if (error != std::errc() || sides[i] < 1 || sides[i] > SyntheticFailureLog::kMaxRoomSide)
            return std::nullopt;
        at = next;
    }
    if (at != end)
        return std::nullopt;
    return MachineRoom{sides[0], sides[1], sides[2], sides[3], sides[4]};
}

constexpr const char* kStartRange = "a date YYYY-MM-DD from 1970-01-01 to 2099-12-31 (UTC)";

// "2025-01-01" as UTC epoch seconds at midnight.
std::optional<std::int64_t> parseStartDate(std::string_view text)
{
    int year = 0;
    unsigned month = 0;
    unsigned day = 0;
    if (text.size() != 10 || text[4] != '-' || text[7] != '-')
        return std::nullopt;
    auto number = [&](std::size_t from, std::size_t length, auto& value) {
        const char* first = text.data() + from;
        const auto [next, error] = std::from_chars(first, first + length, value);
        return error == std::errc() && next == first + length && *first != '-' && *first != '+';
    };
    if (!number(0, 4, year) || !number(5, 2, month) || !number(8, 2, day))
        return std::nullopt;
    using namespace std::chrono;
    const year_month_day date{std::chrono::year{year}, std::chrono::month{month}, std::chrono::day{day}};
    if (!date.ok() || year < 1970 || year > 2099)
        return std::nullopt;
    return sys_seconds{sys_days{date}}.time_since_epoch().count();
}

CLI::Validator parsedBy(const char* range, bool (*parses)(std::string_view))
{
    return CLI::Validator(
        [range, parses](std::string& text) -> std::string {
            return parses(text) ? std::string() : fmt::format("'{}' is not allowed; allowed: {}", text, range);
        },
        range);
}

struct SynthLogOptions {
    std::string model = "weibull";
    double shape = 0.7;
    double sigma = 1.0;
    double mtbfS = 7200.0;
    double days = 90.0;
    std::string start = "2025-01-01";
    double burstShare = 0.0;
    std::string machineRoom = "4x8x3x8x4";
    std::string timeFormat = "mdy-minute";
    int unsorted = 0;
    int blankLines = 0;
    int maintenanceEveryDays = 14;
    std::uint64_t seed = 1;
    std::string outPath;
};

CommandAction setupSynthLog(CLI::App& sub)
{
    using Log = SyntheticFailureLog;
    auto opts = std::make_shared<SynthLogOptions>();
    sub.add_option("--model", opts->model,
                   "Gap distribution of the background failures: exponential | weibull | lognormal")
        ->capture_default_str()
        ->check(choiceOf("exponential | weibull | lognormal",
                         [](std::string_view name) { return lookUp(kModels, name).has_value(); }));
    CLI::Option* shape = sub.add_option("--shape", opts->shape, "Weibull shape k, 0.1 .. 10 (--model weibull)")
                             ->capture_default_str()
                             ->check(numberIn(Log::kMinShape, Log::kMaxShape));
    CLI::Option* sigma = sub.add_option("--sigma", opts->sigma, "Lognormal sigma, 0 < sigma <= 5 (--model lognormal; "
                                                               "mu follows from --mtbf-s)")
                             ->capture_default_str()
                             ->check(positiveNumberUpTo(Log::kMaxSigma));
    sub.add_option("--mtbf-s", opts->mtbfS, "Mean gap between background failures in seconds, 1 .. 1e9")
        ->capture_default_str()
        ->check(numberIn(Log::kMinMeanGapS, Log::kMaxMeanGapS));
    sub.add_option("--days", opts->days, "Length of the log in days, 0 < days <= 3650")
        ->capture_default_str()
        ->check(positiveNumberUpTo(Log::kMaxDays));
    sub.add_option("--start", opts->start, "First day of the log, YYYY-MM-DD (UTC midnight)")
        ->capture_default_str()
        ->check(parsedBy(kStartRange, [](std::string_view text) { return parseStartDate(text).has_value(); }));
    sub.add_option("--burst-share", opts->burstShare,
                   "Expected share of failures in bursts (a failure and 1-3 more in its rack within minutes), 0 .. 0.9")
        ->capture_default_str()
        ->check(numberIn(0.0, Log::kMaxBurstShare));
    sub.add_option("--machine-room", opts->machineRoom, "Racks and their contents: COLSxROWSxCAGESxSLOTSxNODES")
        ->capture_default_str()
        ->check(parsedBy(kRoomRange, [](std::string_view text) { return parseMachineRoom(text).has_value(); }));
    sub.add_option("--time-format", opts->timeFormat, "Time column: mdy-minute (%m/%d/%Y %H:%M) | iso8601 | epoch")
        ->capture_default_str()
        ->check(choiceOf("mdy-minute | iso8601 | epoch",
                         [](std::string_view name) { return lookUp(kTimeFormats, name).has_value(); }));
    sub.add_option("--unsorted", opts->unsorted, "Rows written out of time order, 0 .. 1000000")
        ->capture_default_str()
        ->check(integerIn(0, Log::kMaxCount));
    sub.add_option("--blank-lines", opts->blankLines, "Blank lines scattered through the file, 0 .. 1000000")
        ->capture_default_str()
        ->check(integerIn(0, Log::kMaxCount));
    sub.add_option("--maintenance-every-days", opts->maintenanceEveryDays,
                   "One 'Scheduled maintenance' event (every node of one slot) per this many days, 0 (none) .. 3650")
        ->capture_default_str()
        ->check(integerIn(0, static_cast<long long>(Log::kMaxDays)));
    sub.add_option("--seed", opts->seed, "Random seed")->capture_default_str()->check(seedValue());
    sub.add_option("--out", opts->outPath, "CSV file to write (atomically)")->required();
    return [opts, shape, sigma] {
        const GapDistribution model = *lookUp(kModels, opts->model);
        if (shape->count() > 0 && model != GapDistribution::Weibull)
            throw UsageError(fmt::format("--shape {}: applies to --model weibull only; --model is {}", opts->shape,
                                         opts->model));
        if (sigma->count() > 0 && model != GapDistribution::Lognormal)
            throw UsageError(fmt::format("--sigma {}: applies to --model lognormal only; --model is {}", opts->sigma,
                                         opts->model));
        OutputFiles files;
        files.add("--out", opts->outPath);
        files.check();

        SyntheticFailureLogOptions options;
        options.model = model;
        options.shape = opts->shape;
        options.sigma = opts->sigma;
        options.meanGapS = opts->mtbfS;
        options.days = opts->days;
        options.startS = *parseStartDate(opts->start);
        options.burstShare = opts->burstShare;
        options.room = *parseMachineRoom(opts->machineRoom);
        options.timeFormat = *lookUp(kTimeFormats, opts->timeFormat);
        options.unsortedRows = opts->unsorted;
        options.blankLines = opts->blankLines;
        options.maintenanceEveryDays = opts->maintenanceEveryDays;
        options.seed = opts->seed;
        const SyntheticFailureLog log = SyntheticFailureLog::generate(options);
        files.guard([&] { log.write(opts->outPath); });
        fmt::print("wrote {}: {} failures ({} in bursts), {} maintenance rows, {} unsorted rows, {} blank lines\n",
                   opts->outPath, log.failureTimesS.size(), log.burstFailures, log.maintenanceRows, log.unsortedRows,
                   log.blankLines);
        return 0;
    };
}

const bool registered = registerCommand(
    {"synth-log", "Write a synthetic CSV failure log drawn from known parameters (tests, benchmarks, docs)",
     &setupSynthLog});

}  // namespace

}  // namespace spare::cli
