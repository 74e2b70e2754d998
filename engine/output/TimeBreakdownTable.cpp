#include "engine/output/TimeBreakdownTable.h"

#include <fmt/format.h>

#include <charconv>

namespace spare {
namespace {

// The shortest text that reads back to the same double, in the shorter of plain and scientific
// notation (plain on a tie): 3600, 0.25, 7e+07.
std::string exact(double value)
{
    char plain[400];
    char scientific[64];
    const auto plainEnd = std::to_chars(plain, plain + sizeof plain, value, std::chars_format::fixed).ptr;
    const auto scientificEnd = std::to_chars(scientific, scientific + sizeof scientific, value,
                                             std::chars_format::scientific).ptr;
    if (scientificEnd - scientific < plainEnd - plain)
        return std::string(scientific, scientificEnd);
    return std::string(plain, plainEnd);
}

}  // namespace

std::string TimeBreakdownTable::category(const TimeBreakdownBar& bar)
{
    std::string label;
    switch (bar.policy) {
    case Policy::Spare: label = fmt::format("SPARe r={}", bar.redundancy); break;
    case Policy::Rep: label = fmt::format("Rep r={}", bar.redundancy); break;
    case Policy::Ckpt: label = "CKPT-only"; break;
    case Policy::Elastic: label = "Elastic DP"; break;
    case Policy::Rebalance: label = "Re-balance"; break;
    }
    if (bar.memoryTier)
        label += " + memory";
    return bar.completed ? label : label + " (unfinished)";
}

std::vector<std::string> TimeBreakdownTable::columns()
{
    return {"bar", "policy", "redundancy", "part", "seconds", "share_of_ttt", "ttt_s"};
}

std::vector<std::vector<std::string>> TimeBreakdownTable::rows(const std::vector<TimeBreakdownBar>& bars)
{
    std::vector<std::vector<std::string>> rows;
    for (const TimeBreakdownBar& bar : bars)
        for (const TimeBreakdownPart& part : timeBreakdownParts()) {
            const double seconds = bar.parts.*part.seconds;
            rows.push_back({category(bar), policyName(bar.policy), std::to_string(bar.redundancy), part.key,
                            exact(seconds), exact(bar.tttS > 0.0 ? seconds / bar.tttS : 0.0), exact(bar.tttS)});
        }
    return rows;
}

}  // namespace spare
