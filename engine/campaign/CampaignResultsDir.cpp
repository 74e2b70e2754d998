#include "engine/campaign/CampaignResultsDir.h"

#include "engine/base/AtomicFile.h"
#include "engine/campaign/CampaignError.h"
#include "engine/campaign/CampaignJson.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/stat.h>

namespace spare {

namespace {

using nlohmann::ordered_json;

// A FIFO or device in the folder is refused before it is opened for reading, which would block or never end.
std::string readWholeFile(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
        throw CampaignError(fmt::format("{}: not a regular file; allowed: the result files spare-cli writes", path));
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    std::string text(in ? static_cast<std::size_t>(in.tellg()) : 0, '\0');
    in.seekg(0);
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return text;
}

ordered_json manifestFor(const Campaign& campaign)
{
    ordered_json manifest;
    manifest["campaign_hash"] = campaignHash(campaign);
    manifest["result_columns"] = campaignResultColumns();
    manifest["campaign"] = ordered_json::parse(campaignToJsonText(campaign));
    return manifest;
}

}  // namespace

CampaignResultsDir::CampaignResultsDir(std::string dir) : dir_(std::move(dir)) {}

std::string CampaignResultsDir::manifestPath() const { return (std::filesystem::path(dir_) / "campaign.json").string(); }

void CampaignResultsDir::prepare(const Campaign& campaign) const
{
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    if (ec)
        throw CampaignError(fmt::format("--out {}: cannot create the results folder: {}", dir_, ec.message()));
    const ordered_json manifest = manifestFor(campaign);
    if (!std::filesystem::exists(manifestPath())) {
        writeFileAtomically(manifestPath(), manifest.dump(2) + "\n");
        return;
    }
    ordered_json existing;
    try {
        existing = ordered_json::parse(readWholeFile(manifestPath()));
    } catch (const ordered_json::parse_error&) {
        throw CampaignError(fmt::format("{}: not a campaign results manifest; use another --out folder", manifestPath()));
    }
    if (existing.value("campaign_hash", std::string()) != manifest["campaign_hash"].get<std::string>())
        throw CampaignError(fmt::format(
            "--out {}: the folder holds results of another campaign (\"{}\", hash {}), not of \"{}\" (hash {}); "
            "use another --out folder",
            dir_, existing.contains("campaign") ? existing["campaign"].value("name", std::string()) : std::string(),
            existing.value("campaign_hash", std::string("?")), campaign.name, manifest["campaign_hash"].get<std::string>()));
    if (existing["result_columns"] != manifest["result_columns"])
        throw CampaignError(fmt::format("--out {}: the results were written by a spare-cli with other result columns; "
                                        "use another --out folder",
                                        dir_));
}

Campaign CampaignResultsDir::campaign() const
{
    if (!std::filesystem::exists(manifestPath()))
        throw CampaignError(fmt::format("{}: not a campaign results folder (no campaign.json)", dir_));
    ordered_json manifest;
    try {
        manifest = ordered_json::parse(readWholeFile(manifestPath()));
    } catch (const ordered_json::parse_error& e) {
        throw CampaignError(fmt::format("{}: {}", manifestPath(), e.what()));
    }
    if (!manifest.contains("campaign") || manifest["result_columns"] != ordered_json(campaignResultColumns()))
        throw CampaignError(
            fmt::format("{}: written by a spare-cli with other result columns, or not a campaign manifest", manifestPath()));
    Campaign campaign = campaignFromJsonText(manifest["campaign"].dump(), manifestPath() + ": campaign", dir_);
    if (campaignHash(campaign) != manifest.value("campaign_hash", std::string()))
        throw CampaignError(fmt::format("{}: campaign_hash does not match the campaign it records", manifestPath()));
    return campaign;
}

std::string CampaignResultsDir::shardPath(int index, int count) const
{
    return (std::filesystem::path(dir_) / fmt::format("shard-{:05}-of-{:05}.tsv", index, count)).string();
}

std::vector<std::string> CampaignResultsDir::shardFiles() const
{
    std::vector<std::string> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir_, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with("shard-") && name.ends_with(".tsv"))
            files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

CampaignResults CampaignResultsDir::read() const
{
    CampaignResults results;
    const std::size_t columns = campaignResultColumns().size();
    for (const std::string& file : shardFiles()) {
        ++results.shardFiles;
        const std::string text = readWholeFile(file);
        std::size_t start = 0;
        for (std::size_t lineNumber = 1; start < text.size(); ++lineNumber) {
            const std::size_t end = text.find('\n', start);
            if (end == std::string::npos) {
                ++results.unterminated;
                break;
            }
            ++results.lines;
            auto parsed = CampaignResult::parse(std::string_view(text).substr(start, end - start), columns);
            start = end + 1;
            const std::string source = fmt::format("{}: line {}", file, lineNumber);
            if (!parsed) {
                if (results.malformed++ == 0)
                    results.firstMalformed = source;
                continue;
            }
            parsed->source = source;
            auto [it, inserted] = results.byKey.try_emplace(parsed->key, std::move(*parsed));
            if (inserted)
                continue;
            if (it->second.ok && parsed->ok)
                ++results.duplicates;
            else if (parsed->ok)
                it->second = std::move(*parsed);
        }
    }
    return results;
}

}  // namespace spare
