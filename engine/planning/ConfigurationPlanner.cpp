#include "engine/planning/ConfigurationPlanner.h"

#include "engine/base/InputError.h"
#include "engine/campaign/AdaptiveReplication.h"
#include "engine/planning/KimNelsonProcedure.h"
#include "engine/planning/ScenarioBatch.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <memory>

namespace spare {

namespace {

// One policy's race: its candidates and, with two or more, the procedure.
struct PolicyRace {
    Policy policy;
    std::vector<PlanCandidate> candidates;
    std::unique_ptr<KimNelsonProcedure> procedure;
    std::vector<std::vector<double>> single;  // the one candidate's observations when there is no race
    std::size_t runs = 0;
    bool capped = false;

    bool done() const { return procedure ? procedure->done() : !single.empty() && single[0].size() > 0; }
    bool alive(int i) const { return !procedure || procedure->alive(i); }
};

double halfWidth(double sd, int n) { return n >= 2 ? studentT975(n - 1) * sd / std::sqrt(n) : 0.0; }

PlanPolicyResult summarize(const PolicyRace& race, const PlanSpec& spec)
{
    PlanPolicyResult out;
    out.policy = race.policy;
    out.runs = race.runs;
    out.cappedAtMaxReplicates = race.capped;
    const KimNelsonProcedure* kn = race.procedure.get();
    for (std::size_t i = 0; i < race.candidates.size(); ++i) {
        PlanCandidateState state;
        state.candidate = race.candidates[i];
        if (kn) {
            const int s = static_cast<int>(i);
            state.observations = kn->observations(s);
            state.mean = kn->mean(s);
            state.halfWidth = halfWidth(kn->sd(s), state.observations);
            state.alive = kn->alive(s);
            state.eliminatedAt = kn->eliminatedAt(s);
        } else if (!race.single.empty()) {
            const std::vector<double>& x = race.single[0];
            state.observations = static_cast<int>(x.size());
            double sum = 0.0;
            double sumSquares = 0.0;
            for (const double v : x) {
                sum += v;
                sumSquares += v * v;
            }
            const double n = std::max<double>(1.0, static_cast<double>(x.size()));
            state.mean = sum / n;
            state.halfWidth = halfWidth(x.size() > 1 ? std::sqrt(std::max(0.0, (sumSquares - sum * sum / n) / (n - 1))) : 0.0,
                                        state.observations);
        }
        out.candidates.push_back(state);
    }
    out.done = race.done() || race.capped;
    if (!kn) {
        out.replicates = out.candidates.empty() ? 0 : out.candidates[0].observations;
        out.fullGridRuns = out.runs;
        return out;
    }
    out.selected = kn->selected();
    out.replicates = kn->replicates();
    out.eta = KimNelsonProcedure::eta(1.0 - spec.confidence, kn->systems(), kn->firstStage());
    out.h2 = kn->h2();
    out.delta = kn->indifference();
    if (kn->indifferenceSet() && kn->replicates() >= kn->firstStage())
        out.fullGridRuns = race.candidates.size() * static_cast<std::size_t>(kn->maxReplicatesNeeded());
    // The runner-up is the other candidate with the smallest mean (over its own replicates).
    for (int i = 0; i < kn->systems(); ++i)
        if (i != out.selected && (out.runnerUp < 0 || kn->mean(i) < kn->mean(out.runnerUp)))
            out.runnerUp = i;
    if (out.runnerUp >= 0) {
        out.differenceMean = kn->pairedMeanDifference(out.runnerUp, out.selected);
        const int common = std::min(kn->observations(out.runnerUp), kn->observations(out.selected));
        out.differenceHalfWidth = halfWidth(kn->pairedDifferenceSd(out.runnerUp, out.selected), common);
    }
    return out;
}

// A zone so small that separating the candidates could take more replicates than any plan may run: the
// procedure might never finish, so the plan stops after its first stage and names the smallest zone
// this scenario allows.
void refuseVanishingZone(const KimNelsonProcedure& kn, Policy policy, const PlanSpec& spec, double best)
{
    const double needed = kn.maxReplicatesNeeded();
    if (needed <= PlanSpec::kMostReplicates)
        return;
    // Rounded up to 3 digits, so that the value shown is allowed.
    const double smallest = kn.smallestIndifference(PlanSpec::kMostReplicates) / best;
    const double unit = std::pow(10.0, std::floor(std::log10(smallest)) - 2.0);
    throw InputError(fmt::format("indifference: {:g} is too small for the {} candidates: separating them within "
                                 "{:g} x the best first-stage mean ({:.4f}) can take up to {:.3g} replicates each, "
                                 "more than a plan may run ({}); allowed for this scenario: {:g} .. 0.5",
                                 spec.indifference, policyName(policy), spec.indifference, best, needed,
                                 PlanSpec::kMostReplicates, std::ceil(smallest / unit) * unit));
}

PlanResult snapshot(const std::vector<PolicyRace>& races, const PlanSpec& spec, int rounds)
{
    PlanResult result;
    result.rounds = rounds;
    result.complete = true;
    for (const PolicyRace& race : races) {
        result.policies.push_back(summarize(race, spec));
        result.runs += race.runs;
        result.complete = result.complete && result.policies.back().done;
    }
    return result;
}

}  // namespace

PlanResult runPlan(const PlanSpec& spec, PlanRoundRunner& runner, const PlanOptions& options)
{
    std::vector<PolicyRace> races;
    for (const Policy policy : spec.policies) {
        PolicyRace race{policy, spec.candidates(policy), nullptr, {}, 0, false};
        if (race.candidates.size() >= 2)
            race.procedure = std::make_unique<KimNelsonProcedure>(static_cast<int>(race.candidates.size()),
                                                                  1.0 - spec.confidence, spec.firstStage);
        races.push_back(std::move(race));
    }
    int replicates = 0;
    for (int index = 0;; ++index) {
        PlanResult current = snapshot(races, spec, index);
        if (options.roundDone)
            options.roundDone(current);
        if (current.complete)
            return current;
        if (options.control.cancelled()) {
            current.cancelled = true;
            return current;
        }

        PlanRound round;
        round.index = index;
        round.firstReplicate = replicates;
        round.replicates = index == 0 ? spec.firstStage : std::min(spec.batch, spec.maxReplicates - replicates);
        std::vector<std::pair<std::size_t, int>> members;  // (race, candidate) per round candidate
        for (std::size_t p = 0; p < races.size(); ++p) {
            if (races[p].done() || races[p].capped)
                continue;
            for (std::size_t i = 0; i < races[p].candidates.size(); ++i)
                if (races[p].alive(static_cast<int>(i))) {
                    round.candidates.push_back(races[p].candidates[i]);
                    members.emplace_back(p, static_cast<int>(i));
                }
        }
        const std::optional<PlanRoundResults> results = runner.run(round, spec);
        if (!results) {
            current.pending = round;
            current.cancelled = options.control.cancelled();
            return current;
        }

        for (std::size_t p = 0; p < races.size(); ++p) {
            PolicyRace& race = races[p];
            std::vector<std::size_t> mine;
            for (std::size_t m = 0; m < members.size(); ++m)
                if (members[m].first == p)
                    mine.push_back(m);
            if (mine.empty())
                continue;
            race.runs += mine.size() * static_cast<std::size_t>(round.replicates);
            if (!race.procedure) {
                race.single.resize(1);
                race.single[0].insert(race.single[0].end(), (*results)[mine[0]].begin(), (*results)[mine[0]].end());
                continue;
            }
            KimNelsonProcedure& kn = *race.procedure;
            for (int j = 0; j < round.replicates && !kn.done(); ++j) {
                std::vector<double> values(race.candidates.size(), 0.0);
                for (const std::size_t m : mine)
                    values[static_cast<std::size_t>(members[m].second)] = (*results)[m][static_cast<std::size_t>(j)];
                kn.addReplicate(values);
            }
            if (index == 0) {
                double best = kn.mean(0);
                for (int i = 1; i < kn.systems(); ++i)
                    best = std::min(best, kn.mean(i));
                kn.setIndifference(spec.indifference * best);
                refuseVanishingZone(kn, race.policy, spec, best);
            }
            race.capped = !kn.done() && kn.replicates() >= spec.maxReplicates;
        }
        replicates += round.replicates;
    }
}

LocalPlanRoundRunner::LocalPlanRoundRunner(RunControl control) : control_(std::move(control)) {}

std::optional<PlanRoundResults> LocalPlanRoundRunner::run(const PlanRound& round, const PlanSpec& spec)
{
    std::vector<Scenario> scenarios;
    for (const PlanCandidate& candidate : round.candidates)
        for (int j = 0; j < round.replicates; ++j)
            scenarios.push_back(spec.scenario(candidate, round.firstReplicate + j));
    ScenarioBatchOptions options;
    options.maxTttRatio = spec.maxTttRatio;
    options.control = control_;
    const std::vector<RunMetrics> metrics = runScenarioBatch(scenarios, options);
    if (control_.cancelled())
        return std::nullopt;
    runsDone_ += metrics.size();
    PlanRoundResults out(round.candidates.size());
    for (std::size_t c = 0; c < round.candidates.size(); ++c)
        for (int j = 0; j < round.replicates; ++j)
            out[c].push_back(metrics[c * static_cast<std::size_t>(round.replicates) + static_cast<std::size_t>(j)].tttRatio);
    return out;
}

}  // namespace spare
