#include "engine/planning/PlanFolder.h"

#include "engine/base/AtomicFile.h"
#include "engine/base/InputError.h"
#include "engine/base/OutputFileError.h"
#include "engine/base/ProblemList.h"
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

#include <sys/stat.h>

namespace spare {

namespace {

std::string readText(const std::string& path)
{
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode))
        throw InputError(fmt::format("{}: not a regular file; allowed: the file spare-cli plan --dir wrote", path));
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(fmt::format("{}: cannot be read", path));
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// TTT/T0 of a run read back from a result file: a finite number from 1 (no time lost) to max_ttt_ratio
// (where a run stops), with a margin for rounding.
double checkedTttRatio(const CampaignResult& result, std::size_t column, const std::string& run, double maxTttRatio)
{
    const auto value = result.number(column);
    constexpr double kRounding = 1e-9;
    if (!value || !(*value >= 1.0 - kRounding && *value <= maxTttRatio * (1.0 + kRounding)))
        throw InputError(result.problem(column, run, value ? "out of range" : "not a finite number",
                                        fmt::format("a finite number 1 .. {:g} (max_ttt_ratio); delete the line to run "
                                                    "it again",
                                                    maxTttRatio)));
    return *value;
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
    std::error_code error;
    std::filesystem::create_directories(dir_, error);
    if (error)
        throw OutputFileError(dir_, fmt::format("cannot create the plan folder: {}", error.message()), error.value());
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
        CampaignRunner::run(plan, results, 0, 1, runOptions_);
    } else if (!std::filesystem::exists(results.path())) {
        return std::nullopt;
    }

    const CampaignResults found = results.read();
    if (found.malformed > 0)
        throw InputError(fmt::format("{}: not a result line ({} such lines in {}); allowed: the lines spare-cli campaign "
                                     "run writes; delete them to run those runs again",
                                     found.firstMalformed, found.malformed, results.path()));
    const auto& columns = campaignResultColumns();
    const auto ttt = static_cast<std::size_t>(std::find(columns.begin(), columns.end(), "ttt_ratio") - columns.begin());
    PlanRoundResults out(round.candidates.size());
    std::size_t saved = 0;
    for (std::size_t c = 0; c < round.candidates.size(); ++c)
        for (int j = 0; j < round.replicates; ++j) {
            const CampaignRun r = plan.run(c, j);
            const CampaignResult* result = found.find(r.key);
            if (!result)
                continue;
            const std::string run = fmt::format("run {} ({} replicate {})", r.runId, plan.cells()[c].parameters, r.replicate);
            if (!result->ok)
                throw InputError(fmt::format("{}: {} failed: \"{}\"", result->source, run, excerpt(result->payload)));
            out[c].push_back(checkedTttRatio(*result, ttt, run, spec.maxTttRatio));
            ++saved;
        }
    savedRunsOfStoppedRound_ = saved;
    if (saved < round.candidates.size() * static_cast<std::size_t>(round.replicates))
        return std::nullopt;
    return out;
}

}  // namespace spare
