#include "engine/campaign/CampaignResult.h"

#include "engine/sim/RunMetricsJson.h"

#include <fmt/core.h>

#include "engine/base/ProblemList.h"
#include "engine/base/WholeNumber.h"
#include "engine/campaign/CampaignError.h"

#include <algorithm>
#include <cmath>

namespace spare {

const std::vector<std::string>& campaignResultColumns()
{
    static const std::vector<std::string> columns = [] {
        std::vector<std::string> out{"completed"};
        for (const auto& [key, value] : runMetricsFields(RunMetrics{}))
            out.push_back(key);
        return out;
    }();
    return columns;
}

CampaignResult CampaignResult::done(std::uint64_t key, const RunMetrics& metrics, double wallS, double finishedAt)
{
    std::string payload = metrics.completed ? "1" : "0";
    for (const auto& field : runMetricsFields(metrics))
        payload += fmt::format("\t{}", field.second);
    return {key, true, wallS, finishedAt, std::move(payload), {}};
}

CampaignResult CampaignResult::failed(std::uint64_t key, std::string_view reason, double wallS, double finishedAt)
{
    std::string text(reason);
    std::replace_if(text.begin(), text.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
    return {key, false, wallS, finishedAt, text.empty() ? "unknown error" : text, {}};
}

std::string CampaignResult::line() const
{
    return fmt::format("{:016x}\t{}\t{:.6f}\t{:.3f}\t{}\n", key, ok ? "ok" : "failed", wallS, finishedAt, payload);
}

std::optional<CampaignResult> CampaignResult::parse(std::string_view line, std::size_t columns)
{
    std::string_view fields[4];
    for (auto& field : fields) {
        const auto tab = line.find('\t');
        if (tab == std::string_view::npos)
            return std::nullopt;
        field = line.substr(0, tab);
        line.remove_prefix(tab + 1);
    }
    const auto key = parseWholeNumber<std::uint64_t>(fields[0], 16);
    const auto wall = parseWholeNumber<double>(fields[2]);
    const auto finished = parseWholeNumber<double>(fields[3]);
    if (fields[0].size() != 16 || !key || !wall || !finished || (fields[1] != "ok" && fields[1] != "failed"))
        return std::nullopt;
    const bool ok = fields[1] == "ok";
    if (ok && static_cast<std::size_t>(std::count(line.begin(), line.end(), '\t')) + 1 != columns)
        return std::nullopt;
    return CampaignResult{*key, ok, *wall, *finished, std::string(line), {}};
}

std::string_view CampaignResult::field(std::size_t column) const
{
    std::size_t start = 0;
    for (std::size_t c = 0; c < column; ++c) {
        start = payload.find('\t', start);
        if (start == std::string::npos)
            return {};
        ++start;
    }
    const std::size_t end = std::min(payload.find('\t', start), payload.size());
    return std::string_view(payload).substr(start, end - start);
}


std::optional<double> CampaignResult::number(std::size_t column) const
{
    const auto value = parseWholeNumber<double>(field(column));
    return value && std::isfinite(*value) ? value : std::nullopt;
}

std::string CampaignResult::problem(std::size_t column, std::string_view run, std::string_view what,
                                    std::string_view allowed) const
{
    return fmt::format("{}: {}: {} \"{}\" is {}; allowed: {}", source.empty() ? "(this run)" : source, run,
                       campaignResultColumns()[column], excerpt(field(column)), what, allowed);
}

double CampaignResult::finiteNumber(std::size_t column, std::string_view run) const
{
    const auto value = number(column);
    if (!value)
        throw CampaignError(problem(column, run, "not a finite number", "a finite number; delete the line to run it again"));
    return *value;
}

}  // namespace spare
