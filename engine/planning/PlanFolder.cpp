#include "engine/planning/PlanFolder.h"

#include "engine/base/AtomicFile.h"
#include "engine/base/InputError.h"
#include "engine/campaign/CampaignJson.h"
#include "engine/campaign/CampaignPlan.h"
#include "engine/campaign/CampaignResult.h"
#include "engine/campaign/CampaignResultsDir.h"
#include "engine/sim/ScenarioJson.h"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace spare {

namespace {

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(fmt::format("{}: cannot be read", path));
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

PlanFolder::PlanFolder(std::string dir) : dir_(std::move(dir)) {}

std::string PlanFolder::planPath() const { return (std::filesystem::path(dir_) / "plan.json").string(); }

std::string PlanFolder::scenarioPath() const { return (std::filesystem::path(dir_) / "scenario.json").string(); }

std::string PlanFolder::roundCampaignPath(int round) const
{
    return (std::filesystem::path(dir_) / fmt::format("round-{:03}", round) / "campaign.json").string();
}

std::string PlanFolder::roundResultsPath(int round) const
{
    return (std::filesystem::path(dir_) / fmt::format("round-{:03}", round) / "results").string();
}

void PlanFolder::prepare(const PlanSpec& spec) const
{
    const std::string text = spec.toJson().dump(2) + "\n";
    if (std::filesystem::exists(planPath())) {
        if (readText(planPath()) != text)
            throw InputError(fmt::format("{}: holds another plan (its plan.json differs from this command's); "
                                         "resume it with --resume {} or choose another --dir",
                                         dir_, dir_));
        return;
    }
    std::filesystem::create_directories(dir_);
    writeFileAtomically(scenarioPath(), scenarioToJsonText(spec.base));
    writeFileAtomically(planPath(), text);
}

PlanSpec PlanFolder::spec() const
{
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(readText(planPath()));
    } catch (const nlohmann::json::parse_error& e) {
        throw InputError(fmt::format("{}: not a plan file: {}", planPath(), e.what()));
    }
    return PlanSpec::fromJson(doc, planPath());
}

Campaign PlanFolder::roundCampaign(const PlanRound& round, const PlanSpec& spec)
{
    Campaign c;
    c.name = fmt::format("plan-round-{:03}", round.index);
    c.description = fmt::format("Round {} of a selection plan: replicates {} .. {} of {} candidates, common seeds",
                                round.index, round.firstReplicate, round.firstReplicate + round.replicates - 1,
                                round.candidates.size());
    c.base = scenarioToJson(spec.base);
    c.listed = true;
    CampaignAxis policy{"run.policy", {}, false, {}};
    CampaignAxis redundancy{"cluster.redundancy", {}, false, {}};
    CampaignAxis interval{"checkpoint.interval_steps", {}, false, {}};
    for (const PlanCandidate& candidate : round.candidates) {
        policy.values.emplace_back(policyName(candidate.policy));
        redundancy.values.emplace_back(candidate.redundancy);
        interval.values.push_back(candidate.checkpointIntervalSteps ? nlohmann::json(*candidate.checkpointIntervalSteps)
                                                                    : nlohmann::json("auto"));
    }
    c.grid = {policy, redundancy, interval};
    c.replication.seeds = round.replicates;
    c.replication.firstReplicate = round.firstReplicate;
    c.replication.commonSeeds = true;
    c.maxTttRatio = spec.maxTttRatio;
    return c;
}

std::optional<PlanRoundResults> PlanFolder::run(const PlanRound& round, const PlanSpec& spec)
{
    const std::string campaignPath = roundCampaignPath(round.index);
    const std::string text = campaignToJsonText(roundCampaign(round, spec));
    if (!std::filesystem::exists(campaignPath)) {
        std::filesystem::create_directories(std::filesystem::path(campaignPath).parent_path());
        writeFileAtomically(campaignPath, text);
    } else if (readText(campaignPath) != text) {
        throw InputError(fmt::format("{}: differs from the round this plan needs; was the folder edited?", campaignPath));
    }
    const CampaignPlan plan(loadCampaignFile(campaignPath));
    const CampaignResultsDir results(roundResultsPath(round.index));
    if (runLocally_) {
        const CampaignRunSummary summary = CampaignRunner::run(plan, results, 0, 1, runOptions_);
        if (summary.cancelled)
            return std::nullopt;
    } else if (!std::filesystem::exists(results.path())) {
        return std::nullopt;
    }

    const CampaignResults found = results.read();
    const auto& columns = campaignResultColumns();
    const auto ttt = static_cast<std::size_t>(std::find(columns.begin(), columns.end(), "ttt_ratio") - columns.begin());
    PlanRoundResults out(round.candidates.size());
    for (std::size_t c = 0; c < round.candidates.size(); ++c)
        for (int j = 0; j < round.replicates; ++j) {
            const CampaignRun r = plan.run(c, j);
            const CampaignResult* result = found.find(r.key);
            if (!result)
                return std::nullopt;
            if (!result->ok)
                throw InputError(fmt::format("{}: run {} ({} replicate {}) failed: {}", results.path(), r.runId,
                                             plan.cells()[c].parameters, r.replicate, result->payload));
            out[c].push_back(result->value(ttt));
        }
    return out;
}

}  // namespace spare
