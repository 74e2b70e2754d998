#include "campaign/CampaignTable.h"

#include "campaign/BuildProvenance.h"
#include "campaign/CampaignJson.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace spare {

namespace {

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\n\r") == std::string_view::npos)
        return std::string(text);
    std::string out(1, '"');
    for (const char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
    return out;
}

// A metric as JSON: the number as written when it is finite, else null.
std::string jsonNumber(std::string_view text)
{
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size() && std::isfinite(value) ? std::string(text) : "null";
}

template <typename Visit>
void forEachField(std::string_view payload, Visit visit)
{
    while (true) {
        const auto tab = payload.find('\t');
        visit(payload.substr(0, tab));
        if (tab == std::string_view::npos)
            return;
        payload.remove_prefix(tab + 1);
    }
}

}  // namespace

CampaignTable::CampaignTable(const CampaignPlan& plan, const CampaignResults& results)
    : plan_(plan), runs_(plan.runsById())
{
    rows_.reserve(results.byRunId.size());
    for (const auto& [id, result] : results.byRunId)
        if (const auto it = runs_.find(id); it != runs_.end())
            rows_.push_back({&it->second, &result});
    std::sort(rows_.begin(), rows_.end(), [](const Row& a, const Row& b) { return a.run->runId < b.run->runId; });
}

std::vector<std::string> CampaignTable::columns() const
{
    std::vector<std::string> out{"run_id"};
    for (const CampaignAxis& axis : plan_.campaign().grid)
        out.push_back(axis.key);
    for (const CampaignDerivedKey& d : plan_.campaign().derived)
        out.push_back(d.key);
    for (const char* key : {"replicate", "seed", "status", "reason"})
        out.emplace_back(key);
    for (const std::string& key : campaignResultColumns())
        out.push_back(key);
    return out;
}

std::string CampaignTable::toCsv() const
{
    const Campaign& campaign = plan_.campaign();
    std::string out = fmt::format("# campaign: {}\n# campaign_hash: {}\n# spare-cli: {}\n", campaign.name,
                                  campaignHash(campaign), buildDescription());
    const auto header = columns();
    for (std::size_t i = 0; i < header.size(); ++i) {
        if (i > 0)
            out += ',';
        out += csvField(header[i]);
    }
    out += '\n';
    const std::size_t metrics = campaignResultColumns().size();
    out.reserve(out.size() + rows_.size() * 400);
    for (const Row& row : rows_) {
        const CampaignCell& cell = plan_.cells()[row.run->cell];
        out += row.run->runId;
        for (const auto& value : cell.values)
            (out += ',') += csvField(campaignValueText(value));
        for (const auto& value : cell.derived)
            (out += ',') += csvField(campaignValueText(value));
        out += fmt::format(",{},{},", row.run->replicate, row.run->seed);
        if (row.result->ok) {
            out += "ok,";
            forEachField(row.result->payload, [&](std::string_view v) { (out += ',') += v; });
        } else {
            out += "failed,";
            out += csvField(row.result->payload);
            out.append(metrics, ',');
        }
        out += '\n';
    }
    return out;
}

std::string CampaignTable::toJson() const
{
    const Campaign& campaign = plan_.campaign();
    nlohmann::ordered_json provenance;
    provenance["campaign"] = campaign.name;
    provenance["campaign_hash"] = campaignHash(campaign);
    provenance["spare_cli"] = buildVersion();
    provenance["git_revision"] = buildGitRevision();
    const auto header = columns();
    std::string out = fmt::format("{{\n\"provenance\": {},\n\"columns\": {},\n\"runs\": [", provenance.dump(),
                                  nlohmann::json(header).dump());
    const std::size_t firstMetric = header.size() - campaignResultColumns().size();
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        const Row& row = rows_[r];
        const CampaignCell& cell = plan_.cells()[row.run->cell];
        std::size_t column = 0;
        const auto field = [&](const std::string& text) {
            out += fmt::format("{}{}: {}", column ? ", " : "", nlohmann::json(header[column]).dump(), text);
            ++column;
        };
        out += r ? ",\n{" : "\n{";
        field(nlohmann::json(row.run->runId).dump());
        for (const auto& value : cell.values)
            field(value.dump());
        for (const auto& value : cell.derived)
            field(value.dump());
        field(std::to_string(row.run->replicate));
        field(std::to_string(row.run->seed));
        field(row.result->ok ? "\"ok\"" : "\"failed\"");
        field(row.result->ok ? "\"\"" : nlohmann::json(row.result->payload).dump(-1, ' ', false,
                                                                                 nlohmann::json::error_handler_t::replace));
        if (row.result->ok)
            forEachField(row.result->payload, [&](std::string_view v) {
                field(column == firstMetric ? (v == "1" ? "true" : "false") : jsonNumber(v));
            });
        else
            while (column < header.size())
                field("null");
        out += '}';
    }
    return out + "\n]\n}\n";
}

}  // namespace spare
