#include "engine/planning/SyntheticFailureLog.h"

#include "engine/analysis/Philox.h"
#include "engine/base/AtomicFile.h"
#include "engine/base/InputError.h"
#include "engine/sim/RandomStream.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <numbers>
#include <string_view>

namespace spare {

namespace {

constexpr double kDayS = 86400.0;
constexpr std::int64_t kMaxStartS = 4102444800;  // 2100-01-01
constexpr double kJobShare = 0.8;                // rows with a job id

// Independent streams of one log, so that e.g. asking for blank lines leaves every failure unchanged.
enum Stream : std::uint64_t { Gaps, Locations, Bursts, Details, Maintenance, Disorder };

struct Cause {
    const char* text;
    double share;
};
constexpr std::array<Cause, 5> kCauses{{{"GPU Xid 79", 0.25},
                                        {"GPU Xid 48", 0.10},
                                        {"NVLink error", 0.15},
                                        {"Node heartbeat lost", 0.25},
                                        {"Software", 0.25}}};
constexpr const char* kMaintenanceCause = "Scheduled maintenance";

double uniformOpenZero(PhiloxStream& stream)
{
    const std::uint64_t high = stream.next();
    const std::uint64_t low = stream.next();
    return static_cast<double>((((high << 32) | low) >> 11) + 1) * 0x1.0p-53;
}

int below(PhiloxStream& stream, int n)
{
    return static_cast<int>(stream.uniform(static_cast<std::uint32_t>(n)));
}

struct Row {
    double offsetS = 0.0;  // from the start
    std::string location;
    const char* cause = "";
    std::string jobId;
    bool maintenance = false;
    std::string timeText;
};

std::string locationText(int col, int row, int cage, int slot, int node)
{
    return fmt::format("c{}-{}c{}s{}n{}", col, row, cage, slot, node);
}

std::string timeText(std::int64_t epochS, SyntheticTimeFormat format)
{
    if (format == SyntheticTimeFormat::Epoch)
        return fmt::format("{}", epochS);
    using namespace std::chrono;
    const sys_seconds time{seconds{epochS}};
    const sys_days day = floor<std::chrono::days>(time);
    const year_month_day date{day};
    const hh_mm_ss clock{time - day};
    const auto hours = clock.hours().count();
    const auto minutes = clock.minutes().count();
    if (format == SyntheticTimeFormat::MdyMinute)
        return fmt::format("{:02}/{:02}/{:04} {:02}:{:02}", static_cast<unsigned>(date.month()),
                           static_cast<unsigned>(date.day()), static_cast<int>(date.year()), hours, minutes);
    return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", static_cast<int>(date.year()),
                       static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()), hours, minutes,
                       clock.seconds().count());
}

template <typename T>
void checkRange(std::string_view name, T value, T min, T max)
{
    if (!(value >= min && value <= max))
        throw InputError(fmt::format("synthetic log {} {} is out of range; allowed: {} .. {}", name, value, min, max));
}

void checkOptions(const SyntheticFailureLogOptions& o)
{
    using Log = SyntheticFailureLog;
    if (o.model == GapDistribution::Weibull)
        checkRange("shape", o.shape, Log::kMinShape, Log::kMaxShape);
    if (o.model == GapDistribution::Lognormal && !(o.sigma > 0.0 && o.sigma <= Log::kMaxSigma))
        throw InputError(fmt::format("synthetic log sigma {} is out of range; allowed: 0 < sigma <= {}", o.sigma,
                                     Log::kMaxSigma));
    checkRange("mean gap (s)", o.meanGapS, Log::kMinMeanGapS, Log::kMaxMeanGapS);
    if (!(o.days > 0.0 && o.days <= Log::kMaxDays))
        throw InputError(fmt::format("synthetic log days {} is out of range; allowed: 0 < days <= {}", o.days,
                                     Log::kMaxDays));
    checkRange("start (epoch s)", o.startS, std::int64_t{0}, kMaxStartS);
    checkRange("burst share", o.burstShare, 0.0, Log::kMaxBurstShare);
    const std::array<std::pair<const char*, int>, 5> sides{{{"machine room cols", o.room.cols},
                                                            {"machine room rows", o.room.rows},
                                                            {"machine room cages", o.room.cagesPerRack},
                                                            {"machine room slots", o.room.slotsPerCage},
                                                            {"machine room nodes", o.room.nodesPerSlot}}};
    for (const auto& [name, value] : sides)
        checkRange(name, value, 1, Log::kMaxRoomSide);
    checkRange("unsorted rows", o.unsortedRows, 0, Log::kMaxCount);
    checkRange("blank lines", o.blankLines, 0, Log::kMaxCount);
    checkRange("maintenance interval (days)", o.maintenanceEveryDays, 0, static_cast<int>(Log::kMaxDays));
}

// The probability that a background failure starts a burst: bursts of 1 + (1..3) failures, 3 on
// average, make up burstShare of all failures when p = share / (3 - 2 share).
double burstProbability(double share)
{
    return share / (3.0 - 2.0 * share);
}

class GapSampler {
public:
    explicit GapSampler(const SyntheticFailureLogOptions& o) : model_(o.model), shape_(o.shape), sigma_(o.sigma)
    {
        switch (o.model) {
        case GapDistribution::Exponential: scale_ = o.meanGapS; break;
        case GapDistribution::Weibull: scale_ = o.meanGapS / std::tgamma(1.0 + 1.0 / o.shape); break;
        case GapDistribution::Lognormal: scale_ = std::log(o.meanGapS) - 0.5 * o.sigma * o.sigma; break;
        }
    }

    double operator()(PhiloxStream& stream) const
    {
        const double u = uniformOpenZero(stream);
        switch (model_) {
        case GapDistribution::Exponential: return -scale_ * std::log(u);
        case GapDistribution::Weibull: return scale_ * std::pow(-std::log(u), 1.0 / shape_);
        case GapDistribution::Lognormal: break;
        }
        // Box-Muller, one normal per pair of uniforms.
        const double angle = 2.0 * std::numbers::pi * uniformOpenZero(stream);
        const double normal = std::sqrt(-2.0 * std::log(u)) * std::cos(angle);
        return std::exp(scale_ + sigma_ * normal);
    }

private:
    GapDistribution model_;
    double shape_;
    double sigma_;
    double scale_ = 0.0;  // exponential and Weibull: the scale; lognormal: mu
};

std::string jobId(PhiloxStream& stream)
{
    if (uniformOpenZero(stream) > kJobShare)
        return {};
    return fmt::format("{}", 1000000 + below(stream, 9000000));
}

// Swaps `count` non-overlapping pairs of adjacent failure rows whose time texts differ.
void disorder(std::vector<Row>& rows, int count, PhiloxStream& stream)
{
    std::vector<std::size_t> candidates;
    for (std::size_t i = 0; i + 1 < rows.size(); ++i)
        if (!rows[i].maintenance && !rows[i + 1].maintenance && rows[i].timeText != rows[i + 1].timeText)
            candidates.push_back(i);
    for (std::size_t i = candidates.size(); i > 1; --i)
        std::swap(candidates[i - 1], candidates[static_cast<std::size_t>(below(stream, static_cast<int>(i)))]);
    std::vector<bool> used(rows.size(), false);
    int swapped = 0;
    for (std::size_t i : candidates) {
        if (swapped == count)
            break;
        if (used[i] || used[i + 1])
            continue;
        used[i] = used[i + 1] = true;
        std::swap(rows[i], rows[i + 1]);
        ++swapped;
    }
    if (swapped < count)
        throw InputError(fmt::format("synthetic log unsorted rows {} is out of range; allowed: 0 .. {} for this log "
                                     "(pairs of adjacent failure rows found)", count, swapped));
}

}  // namespace

SyntheticFailureLog SyntheticFailureLog::generate(const SyntheticFailureLogOptions& options)
{
    checkOptions(options);
    const double endS = options.days * kDayS;
    const double burstP = burstProbability(options.burstShare);
    const int maintenanceEvents =
        options.maintenanceEveryDays == 0 ? 0 : static_cast<int>(options.days / options.maintenanceEveryDays);
    const double expectedRows = endS / options.meanGapS * (1.0 + 2.0 * burstP) +
                                static_cast<double>(maintenanceEvents) * options.room.nodesPerSlot;
    if (expectedRows > kMaxExpectedRows)
        throw InputError(fmt::format("synthetic log of {} days with a mean gap of {} s: about {:.0f} rows; allowed: at "
                                     "most {:.0f} (fewer days or a longer mean gap)",
                                     options.days, options.meanGapS, expectedRows, kMaxExpectedRows));

    const std::uint64_t key = splitmix64(options.seed ^ 0x73796E74686C6F67ull);  // "synthlog"
    PhiloxStream gaps(key, Gaps), locations(key, Locations), bursts(key, Bursts), details(key, Details),
        maintenance(key, Maintenance), disorderStream(key, Disorder);
    const GapSampler gap(options);
    const MachineRoom& room = options.room;

    SyntheticFailureLog log;
    std::vector<Row> rows;
    auto addFailure = [&](double offsetS, int col, int rackRow) {
        Row row;
        row.offsetS = offsetS;
        const int cage = below(locations, room.cagesPerRack);
        const int slot = below(locations, room.slotsPerCage);
        row.location = locationText(col, rackRow, cage, slot, below(locations, room.nodesPerSlot));
        double u = uniformOpenZero(details);
        row.cause = kCauses.back().text;
        for (const Cause& cause : kCauses) {
            if (u <= cause.share) {
                row.cause = cause.text;
                break;
            }
            u -= cause.share;
        }
        row.jobId = jobId(details);
        rows.push_back(std::move(row));
    };
    for (double t = gap(gaps); t < endS; t += gap(gaps)) {
        const int col = below(locations, room.cols);
        const int rackRow = below(locations, room.rows);
        addFailure(t, col, rackRow);
        if (uniformOpenZero(bursts) > burstP)
            continue;
        const int extra = 1 + below(bursts, 3);
        double burstT = t;
        std::size_t kept = 0;
        for (int k = 0; k < extra; ++k) {
            burstT += 30.0 + 270.0 * uniformOpenZero(bursts);
            if (burstT < endS) {
                addFailure(burstT, col, rackRow);
                ++kept;
            }
        }
        log.burstFailures += kept == 0 ? 0 : kept + 1;
    }
    for (int event = 0; event < maintenanceEvents; ++event) {
        const double t = (event + uniformOpenZero(maintenance)) * options.maintenanceEveryDays * kDayS;
        const int col = below(maintenance, room.cols);
        const int rackRow = below(maintenance, room.rows);
        const int cage = below(maintenance, room.cagesPerRack);
        const int slot = below(maintenance, room.slotsPerCage);
        for (int node = 0; node < room.nodesPerSlot; ++node) {
            Row row;
            row.offsetS = t;
            row.location = locationText(col, rackRow, cage, slot, node);
            row.cause = kMaintenanceCause;
            row.maintenance = true;
            rows.push_back(std::move(row));
        }
        log.maintenanceRows += static_cast<std::size_t>(room.nodesPerSlot);
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.offsetS < b.offsetS; });

    for (Row& row : rows) {
        const double epochS = static_cast<double>(options.startS) + row.offsetS;
        row.timeText = timeText(static_cast<std::int64_t>(std::floor(epochS)), options.timeFormat);
        if (!row.maintenance)
            log.failureTimesS.push_back(epochS);
    }
    disorder(rows, options.unsortedRows, disorderStream);
    log.unsortedRows = static_cast<std::size_t>(options.unsortedRows);

    // blanksBefore[i]: blank lines written before row i (i == rows.size(): at the end).
    std::vector<int> blanksBefore(rows.size() + 1, 0);
    for (int b = 0; b < options.blankLines; ++b)
        ++blanksBefore[static_cast<std::size_t>(below(disorderStream, static_cast<int>(rows.size() + 1)))];
    log.blankLines = static_cast<std::size_t>(options.blankLines);

    std::string& csv = log.csv;
    csv.reserve(rows.size() * 56 + 32);
    csv += "time,location,cause,job_id\n";
    for (std::size_t i = 0; i <= rows.size(); ++i) {
        csv.append(static_cast<std::size_t>(blanksBefore[i]), '\n');
        if (i < rows.size())
            csv += fmt::format("{},{},{},{}\n", rows[i].timeText, rows[i].location, rows[i].cause, rows[i].jobId);
    }
    return log;
}

void SyntheticFailureLog::write(const std::string& path) const
{
    writeFileAtomically(path, csv);
}

}  // namespace spare
