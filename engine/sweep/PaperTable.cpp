#include "engine/sweep/PaperTable.h"

#include "engine/layout/GolombRulers.h"

#include <array>
#include <optional>
#include <stdexcept>

namespace spare {

std::span<const PaperReference> paperReferences()
{
    static constexpr std::array<PaperReference, 3> table{{
        {200, 3, 6.07, 0.6174, 9, 2.92, 0.8700, 51.9},
        {600, 3, 4.27, 0.7989, 8, 2.49, 0.9390, 41.7},
        {1000, 3, 3.88, 0.8441, 9, 2.34, 0.9654, 39.6},
    }};
    return table;
}

Scenario paperScenario(int groups)
{
    Scenario scenario;
    scenario.name = "paper-n" + std::to_string(groups);
    scenario.description = "The SPARe paper's setting (docs/method.md, section 7)";
    scenario.groups = groups;
    scenario.gpusPerGroup = 600'000 / groups;
    scenario.steps = 10'000;
    scenario.computeS = 64.0;
    scenario.allReduceS = groups / 100.0;
    scenario.failedAllReduceFactor = 0.5;
    scenario.shrinkS = 0.1;
    scenario.jitterSd = 0.05;
    scenario.jitterMin = 0.1;
    scenario.failureModel = FailureModel::Weibull;
    scenario.systemMtbfS = 300.0;
    scenario.weibullShape = 0.78;
    scenario.restartS = 3600.0;
    scenario.restartRule = RestartRule::ExtendOnFailure;
    scenario.checkpointIntervalSteps.reset();
    scenario.checkpointWriteS = 59.0;
    scenario.writerOnlyWaits = false;
    scenario.checkpointSemantics = CheckpointSemantics::Paper;
    scenario.checkpointAutoRule = CheckpointAutoRule::Paper;
    scenario.seed = 1;
    return scenario;
}

int paperMaxRedundancy(int groups)
{
    int best = 1;
    for (int r = 2;; ++r) {
        const auto ruler = optimalGolombRuler(r);
        if (ruler.empty() || groups <= 2 * ruler.back() - 1)
            return best;
        best = r;
    }
}

namespace {

const SweepRow& rowAt(const std::vector<SweepRow>& rows, Policy policy, int redundancy)
{
    for (const auto& row : rows)
        if (row.policy == policy && (policy == Policy::Ckpt || row.redundancy == redundancy))
            return row;
    throw std::logic_error("paper table: missing sweep row");
}

}  // namespace

namespace {

// Per paper N, two sweeps: SPARe+CKPT and CKPT-only with every group waiting for a checkpoint write,
// and Rep+CKPT with only the writer waiting, as in the authors' replication runs (docs/method.md,
// section 7).
struct PaperSweeps {
    SweepSpec spareAndCkpt;
    SweepSpec rep;
};

std::vector<PaperSweeps> paperTableSpecs(int seeds)
{
    std::vector<PaperSweeps> specs;
    for (const PaperReference& paper : paperReferences()) {
        PaperSweeps sweeps;
        SweepSpec& spare = sweeps.spareAndCkpt;
        spare.base = paperScenario(paper.groups);
        spare.seeds = seeds;
        spare.policies = {Policy::Spare, Policy::Ckpt};
        for (int r = 2; r <= paperMaxRedundancy(paper.groups); ++r)
            spare.spareRedundancies.push_back(r);
        SweepSpec& rep = sweeps.rep;
        rep.base = paperScenario(paper.groups);
        rep.base.writerOnlyWaits = true;
        rep.seeds = seeds;
        rep.policies = {Policy::Rep};
        rep.repRedundancies = spare.spareRedundancies;
        specs.push_back(std::move(sweeps));
    }
    return specs;
}

}  // namespace

MemoryEstimate estimatePaperTableMemory(int threads)
{
    MemoryEstimate largest;
    for (const PaperSweeps& sweeps : paperTableSpecs(1))
        for (const SweepSpec* spec : {&sweeps.spareAndCkpt, &sweeps.rep}) {
            const MemoryEstimate e = Sweep::estimateMemory(*spec, threads);
            if (e.bytes > largest.bytes)
                largest = e;
        }
    return largest;
}

PaperTable runPaperTable(int seeds, const SweepRunOptions& options)
{
    PaperTable table;
    const std::vector<PaperSweeps> specs = paperTableSpecs(seeds);
    std::size_t total = 0;
    for (const PaperSweeps& sweeps : specs)
        total += Sweep::cells(sweeps.spareAndCkpt).size() + Sweep::cells(sweeps.rep).size();

    std::size_t offset = 0;
    // One sweep's rows, or nullopt when cancelled.
    const auto runSweep = [&](const SweepSpec& spec) -> std::optional<std::vector<SweepRow>> {
        SweepRunOptions sweepOptions = options;
        if (options.control.progress)
            sweepOptions.control.progress = [&options, offset, total](std::size_t done, std::size_t) {
                options.control.progress(offset + done, total);
            };
        SweepResult result = Sweep::run(spec, sweepOptions);
        offset += result.cells.size();
        if (result.cancelled)
            return std::nullopt;
        return std::move(result.rows);
    };
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const auto spareAndCkpt = runSweep(specs[i].spareAndCkpt);
        const auto repRows = spareAndCkpt ? runSweep(specs[i].rep) : std::nullopt;
        if (!repRows) {
            table.cancelled = true;
            return table;
        }
        // SPARe+CKPT, Rep+CKPT, CKPT-only, as one sweep of the three lists them.
        std::vector<SweepRow> rows;
        for (const SweepRow& r : *spareAndCkpt)
            if (r.policy == Policy::Spare)
                rows.push_back(r);
        rows.insert(rows.end(), repRows->begin(), repRows->end());
        for (const SweepRow& r : *spareAndCkpt)
            if (r.policy == Policy::Ckpt)
                rows.push_back(r);
        const PaperReference& paper = paperReferences()[i];
        PaperTableRow row;
        row.paper = paper;
        row.rows = rows;
        const auto spareBest = Sweep::bestRow(rows, Policy::Spare);
        const auto repBest = Sweep::bestRow(rows, Policy::Rep);
        if (!spareBest || !repBest)
            throw std::runtime_error("paper table: a policy has no completed row at N = " +
                                     std::to_string(paper.groups));
        row.spareBest = rows[*spareBest];
        row.repBest = rows[*repBest];
        row.spareAtPaperR = rowAt(rows, Policy::Spare, paper.spareRedundancy);
        row.repAtPaperR = rowAt(rows, Policy::Rep, paper.repRedundancy);
        row.ckpt = rowAt(rows, Policy::Ckpt, 1);
        const double rep = row.repBest.stat("ttt_ratio").mean;
        row.gainPercent = (rep - row.spareBest.stat("ttt_ratio").mean) / rep * 100.0;
        table.rows.push_back(std::move(row));
    }
    return table;
}

}  // namespace spare
