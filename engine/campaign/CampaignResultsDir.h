#pragma once

#include "engine/campaign/Campaign.h"
#include "engine/campaign/CampaignResult.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace spare {

// What the shard files of a results folder hold, one entry per run_id (keyed by CampaignRun::key) (an ok line wins over failed ones;
// the same run_id twice, e.g. after re-sharding, counts as a duplicate and is kept once).
struct CampaignResults {
    std::unordered_map<std::uint64_t, CampaignResult> byKey;
    std::size_t shardFiles = 0;
    std::size_t lines = 0;
    std::size_t duplicates = 0;
    std::size_t malformed = 0;       // complete lines that are not result lines
    std::string firstMalformed;      // "FILE: line N" of the first of them
    std::size_t unterminated = 0;    // files ending in a partial line (a run killed while being written)

    // The result of a run, nullptr when there is none.
    const CampaignResult* find(std::uint64_t key) const
    {
        const auto it = byKey.find(key);
        return it == byKey.end() ? nullptr : &it->second;
    }
};

// A campaign's results folder: campaign.json (the campaign it belongs to, its hash and the result
// columns) and one shard-I-of-K.tsv per shard.
class CampaignResultsDir {
public:
    explicit CampaignResultsDir(std::string dir);

    const std::string& path() const { return dir_; }
    // Creates the folder and its campaign.json, or checks that campaign.json is this campaign's
    // (CampaignError, exit 2, when it is another's or came from another result format).
    void prepare(const Campaign& campaign) const;
    // The campaign recorded in campaign.json (CampaignError when missing or unreadable).
    Campaign campaign() const;
    std::string shardPath(int index, int count) const;
    std::vector<std::string> shardFiles() const;
    CampaignResults read() const;

private:
    std::string manifestPath() const;
    std::string dir_;
};

}  // namespace spare
