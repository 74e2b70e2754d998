#pragma once

#include "engine/sim/Scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace spare {

// A contender: a policy, with the in-memory checkpoint tier or without ("ckpt-memory", "spare"). The
// regime map compares contenders cell by cell; the Race tab runs one per lane.
struct RegimeContender {
    std::string name;
    Policy policy = Policy::Spare;
    bool memoryTier = false;

    friend bool operator==(const RegimeContender&, const RegimeContender&) = default;
};

// "spare", "rep", "ckpt", "elastic", "rebalance", each optionally with "-memory" (the in-memory tier of
// the base scenario's memory_checkpoint section, or its defaults). Throws InputError naming `argument`
// and the value.
RegimeContender parseRegimeContender(const std::string& name, const char* argument = "--policies");
// A comma list of 2 .. 6 contenders (parseRegimeContender).
std::vector<RegimeContender> parseRegimeContenders(const std::string& list, const char* argument);
// Every contender: each policy without and with the in-memory tier.
std::vector<RegimeContender> allRegimeContenders();
// "SPARe+CKPT", "CKPT-only + memory", "Elastic DP", "Re-balance".
std::string contenderDisplayName(const RegimeContender& contender);

// Elastic, re-balance and the in-memory tier need checkpoint.semantics exact.
bool contenderNeedsExactSemantics(const RegimeContender& contender);
// When any contender of a line-up needs exact semantics, every contender runs under it (the same rules
// for all).
bool lineupNeedsExactSemantics(const std::vector<RegimeContender>& lineup);

// What a contender changes in the scenario of its line-up: contenderScenario applies it, the regime map's
// campaign writes it as a variant.
struct ContenderSettings {
    Policy policy = Policy::Spare;
    bool memoryTier = false;            // on: the base's memory_checkpoint section or its defaults; off: none
    bool exactSemantics = false;        // checkpoint.semantics "exact"
    std::optional<std::string> layout;  // unset: the base's
    std::optional<int> redundancy;      // unset: the base's
};

// A consecutive layout for every policy but SPARe (the others have no stacks); Rep+CKPT at its own best r
// (run.rep_redundancy, resolvedRepRedundancy) unless sameRedundancy (then cluster.redundancy), CKPT-only,
// elastic and re-balance at r = 1 (they keep no replicas); exact semantics when the line-up needs it.
ContenderSettings contenderSettings(const Scenario& base, const RegimeContender& contender,
                                    const std::vector<RegimeContender>& lineup, bool sameRedundancy = false);
// `base` with `settings` applied.
Scenario withContenderSettings(const Scenario& base, const ContenderSettings& settings);
// The scenario `contender` runs in a line-up of contenders on `base` (a Race lane, a regime-map cell).
Scenario contenderScenario(const Scenario& base, const RegimeContender& contender,
                           const std::vector<RegimeContender>& lineup, bool sameRedundancy = false);

}  // namespace spare
