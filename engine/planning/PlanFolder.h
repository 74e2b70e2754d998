#pragma once

#include "engine/campaign/Campaign.h"
#include "engine/campaign/CampaignRunner.h"
#include "engine/planning/ConfigurationPlanner.h"

#include <string>

namespace spare {

// A plan's folder: plan.json (the spec) and one campaign per round, round-NNN/campaign.json (a "list"
// design with common seeds and the round's first replicate) with its results folder round-NNN/results.
// Rounds run here through CampaignRunner, or anywhere that can run a campaign (a Slurm job array:
// `spare-cli campaign export`); the planner reads the results back and decides the next round, so a
// plan stops and resumes at any point without running a finished run twice.
class PlanFolder : public PlanRoundRunner {
public:
    explicit PlanFolder(std::string dir);

    const std::string& path() const { return dir_; }
    // Creates the folder, plan.json and scenario.json (the base scenario, for the command that
    // reproduces the plan), or checks that plan.json holds this spec (InputError naming the folder when
    // it belongs to another plan).
    void prepare(const PlanSpec& spec) const;
    std::string scenarioPath() const;
    // The spec in plan.json (InputError when missing or malformed).
    PlanSpec spec() const;

    std::string roundCampaignPath(int round) const;
    std::string roundResultsPath(int round) const;
    static Campaign roundCampaign(const PlanRound& round, const PlanSpec& spec);

    // runLocally false: write each round's campaign and only read results, for rounds run elsewhere.
    void setRunLocally(bool runLocally) { runLocally_ = runLocally; }
    void setRunOptions(CampaignRunOptions options) { runOptions_ = std::move(options); }

    // Writes the round's campaign file when missing, runs its missing runs here (when running
    // locally), and returns the results once every run is in. A failed run throws InputError with
    // its reason.
    std::optional<PlanRoundResults> run(const PlanRound& round, const PlanSpec& spec) override;
    // After a run() that returned nullopt (stopped, or runs still missing): the round's runs in the folder.
    std::size_t savedRunsOfStoppedRound() const { return savedRunsOfStoppedRound_; }

private:
    std::string planPath() const;

    std::string dir_;
    bool runLocally_ = true;
    CampaignRunOptions runOptions_;
    std::size_t savedRunsOfStoppedRound_ = 0;
};

}  // namespace spare
