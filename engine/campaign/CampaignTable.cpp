#include "engine/campaign/CampaignTable.h"

#include "engine/base/WholeNumber.h"
#include "engine/campaign/BuildProvenance.h"
#include "engine/campaign/CampaignJson.h"

#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <iterator>

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
    const auto value = parseWholeNumber<double>(text);
    return value && std::isfinite(*value) ? std::string(text) : "null";
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

CampaignTable::CampaignTable(const CampaignPlan& plan, const CampaignResults& results) : plan_(plan)
{
    rows_.reserve(results.byKey.size());
    for (std::size_t c = 0; c < plan.cells().size(); ++c)
        for (int k = 0; k < plan.maxReplicates(); ++k) {
            const CampaignRun run = plan.run(c, k);
            if (const CampaignResult* result = results.find(run.key))
                rows_.push_back({run.key, run.seed, c, k, result});
        }
    // Fixed-width hex run ids sort like their numbers.
    std::sort(rows_.begin(), rows_.end(), [](const Row& a, const Row& b) { return a.key < b.key; });
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
    // Each cell's parameter columns, written once.
    std::vector<std::string> cellText(plan_.cells().size());
    for (std::size_t c = 0; c < cellText.size(); ++c) {
        for (const auto& value : plan_.cells()[c].values)
            (cellText[c] += ',') += csvField(campaignValueText(value));
        for (const auto& value : plan_.cells()[c].derived)
            (cellText[c] += ',') += csvField(campaignValueText(value));
    }
    out.reserve(out.size() + rows_.size() * (rows_.empty() ? 0 : 80 + rows_.front().result->payload.size()));
    auto sink = std::back_inserter(out);
    for (const Row& row : rows_) {
        fmt::format_to(sink, "{:016x}", row.key);
        out += cellText[row.cell];
        fmt::format_to(sink, ",{},{},", row.replicate, row.seed);
        if (row.result->ok) {
            out += "ok,,";
            const std::size_t start = out.size();
            out += row.result->payload;
            std::replace(out.begin() + static_cast<std::ptrdiff_t>(start), out.end(), '\t', ',');
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
        const CampaignCell& cell = plan_.cells()[row.cell];
        std::size_t column = 0;
        const auto field = [&](const std::string& text) {
            out += fmt::format("{}{}: {}", column ? ", " : "", nlohmann::json(header[column]).dump(), text);
            ++column;
        };
        out += r ? ",\n{" : "\n{";
        field(fmt::format("\"{:016x}\"", row.key));
        for (const auto& value : cell.values)
            field(value.dump());
        for (const auto& value : cell.derived)
            field(value.dump());
        field(std::to_string(row.replicate));
        field(std::to_string(row.seed));
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
