#pragma once

#include "engine/sim/Scenario.h"
#include "engine/sweep/Sweep.h"

#include <optional>
#include <span>
#include <vector>

namespace spare {

// One row of the paper's headline table (docs/method.md, section 7).
struct PaperReference {
    int groups = 0;
    int repRedundancy = 3;
    double repTttRatio = 0.0;
    double repAvailability = 0.0;  // fraction
    int spareRedundancy = 0;       // the paper's best r*
    double spareTttRatio = 0.0;
    double spareAvailability = 0.0;
    double gainPercent = 0.0;      // (Rep - SPARe) / Rep x 100
};

std::span<const PaperReference> paperReferences();

// The paper's setting at N groups: 600k GPUs in N groups, T_comp = 64 s, T_a = N / 100 s, failed
// all-reduce 0.5 T_a, shrink 0.1 s, T_r = 3600 s (extend on failure), T_s = 59 s, m = 300 s, Weibull
// k = 0.78, 10,000 steps, checkpoint interval auto (the same values as scenarios/paper-n*.json).
Scenario paperScenario(int groups);

// The largest r whose optimal Golomb ruler (length L) keeps N > 2L - 1: where the paper stops its
// sweeps (12 / 20 / 26 for N = 200 / 600 / 1000).
int paperMaxRedundancy(int groups);

// Our sweep at one N beside the paper's numbers.
struct PaperTableRow {
    PaperReference paper;
    SweepRow spareBest;      // our best SPARe+CKPT r
    SweepRow repBest;        // our best Rep+CKPT r
    SweepRow spareAtPaperR;  // SPARe+CKPT at the paper's r*
    SweepRow repAtPaperR;    // Rep+CKPT at r = 3
    SweepRow ckpt;           // CKPT-only
    double gainPercent = 0.0;  // (our best Rep - our best SPARe) / our best Rep x 100
    std::vector<SweepRow> rows;  // every (policy, r) of the sweep
};

struct PaperTable {
    std::vector<PaperTableRow> rows;
    bool cancelled = false;
};

// SPARe+CKPT and Rep+CKPT for r = 2 .. paperMaxRedundancy(N) and CKPT-only, `seeds` seeds each, at
// N = 200, 600, 1000. Progress counts cells over all three sweeps.
PaperTable runPaperTable(int seeds, const SweepRunOptions& options = {});
// The peak memory of runPaperTable on `threads` workers (0 = all hardware threads).
MemoryEstimate estimatePaperTableMemory(int threads);

}  // namespace spare
