#include "engine/campaign/CampaignResult.h"

#include "engine/sim/RunMetricsJson.h"

#include <fmt/core.h>

#include <algorithm>
#include "engine/base/WholeNumber.h"

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
    return {key, true, wallS, finishedAt, std::move(payload)};
}

CampaignResult CampaignResult::failed(std::uint64_t key, std::string_view reason, double wallS, double finishedAt)
{
    std::string text(reason);
    std::replace_if(text.begin(), text.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
    return {key, false, wallS, finishedAt, text.empty() ? "unknown error" : text};
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
    return CampaignResult{*key, ok, *wall, *finished, std::string(line)};
}

double CampaignResult::value(std::size_t column) const
{
    std::size_t start = 0;
    for (std::size_t c = 0; c < column; ++c)
        start = payload.find('\t', start) + 1;
    const std::size_t end = std::min(payload.find('\t', start), payload.size());
    return parseWholeNumber<double>(std::string_view(payload).substr(start, end - start)).value_or(0.0);
}

}  // namespace spare
