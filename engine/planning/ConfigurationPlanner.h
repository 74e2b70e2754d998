#pragma once

#include "engine/base/RunControl.h"
#include "engine/planning/PlanSpec.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace spare {

// One round of the planner: replicates [firstReplicate, firstReplicate + replicates) of each candidate.
struct PlanRound {
    int index = 0;
    int firstReplicate = 0;
    int replicates = 0;
    std::vector<PlanCandidate> candidates;
};

// TTT/T0 of every run of a round: [candidate][replicate - firstReplicate].
using PlanRoundResults = std::vector<std::vector<double>>;

// Runs rounds: in this process, or through a campaign folder whose runs may happen elsewhere (then
// results are nullopt until every run of the round is there).
class PlanRoundRunner {
public:
    virtual ~PlanRoundRunner() = default;
    virtual std::optional<PlanRoundResults> run(const PlanRound& round, const PlanSpec& spec) = 0;
};

struct PlanCandidateState {
    PlanCandidate candidate;
    int observations = 0;    // replicates in its mean
    double mean = 0.0;       // TTT/T0
    double halfWidth = 0.0;  // of the 95% confidence interval of the mean (Student t)
    bool alive = true;       // still in the race
    int eliminatedAt = -1;   // replicates when eliminated
};

// One policy's selection. Before it is done, `selected` is the leader.
struct PlanPolicyResult {
    Policy policy = Policy::Spare;
    std::vector<PlanCandidateState> candidates;
    int selected = 0;
    int runnerUp = -1;                 // the other candidate with the smallest mean (-1 with one candidate)
    double delta = 0.0;                // the indifference zone in TTT/T0 units
    double eta = 0.0;
    double h2 = 0.0;
    double differenceMean = 0.0;       // runner-up minus selected, over their common replicates
    double differenceHalfWidth = 0.0;  // 95% paired interval
    int replicates = 0;                // replicates the policy's race went to
    std::size_t runs = 0;              // runs spent on the policy (those a batch ran past an elimination too)
    std::size_t fullGridRuns = 0;      // every candidate run to the most replicates any pair needs
    bool done = false;
    bool cappedAtMaxReplicates = false;  // stopped at PlanSpec::maxReplicates without a decision
    bool guaranteed() const { return done && !cappedAtMaxReplicates && candidates.size() >= 2; }
};

struct PlanResult {
    std::vector<PlanPolicyResult> policies;
    int rounds = 0;
    std::size_t runs = 0;
    bool complete = false;               // every policy decided
    std::optional<PlanRound> pending;    // the round whose runs are not all available yet
    bool cancelled = false;
};

struct PlanOptions {
    // The results so far, after every round (and once at the start), from the calling thread.
    std::function<void(const PlanResult&)> roundDone;
    RunControl control;  // cancel only: the rounds' threads and run progress are the round runner's
};

// Kim and Nelson's procedure (KimNelsonProcedure) per policy over its candidates, run in rounds that
// share common random numbers: round 0 is the first stage (n0 replicates of every candidate), then each
// round adds spec.batch replicates to the candidates still in. The indifference zone is
// spec.indifference x the policy's smallest first-stage mean. Deterministic: the same spec and results
// give the same rounds and decisions, so a plan can stop and resume anywhere. Throws InputError after
// the first stage when the zone is so small that a candidate could need more than
// PlanSpec::kMostReplicates replicates (the message names the smallest zone allowed).
PlanResult runPlan(const PlanSpec& spec, PlanRoundRunner& runner, const PlanOptions& options = {});

// Rounds in this process (runScenarioBatch), with the same seeds a campaign folder would use.
class LocalPlanRoundRunner : public PlanRoundRunner {
public:
    // Progress: runs of the round, from worker threads.
    explicit LocalPlanRoundRunner(RunControl control = {});
    std::optional<PlanRoundResults> run(const PlanRound& round, const PlanSpec& spec) override;
    std::size_t runsDone() const { return runsDone_; }

private:
    RunControl control_;
    std::size_t runsDone_ = 0;
};

}  // namespace spare
