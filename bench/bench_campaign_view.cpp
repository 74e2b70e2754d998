// The Campaign tab on big merged tables: opening a 10^4- and a 10^5-row merged CSV (parse, check every
// row, reduce to per-cell samples: what File > Open campaign results does on its worker), and a
// heatmap redraw after a selector change (the model's cells, means and CIs recomputed, the table view
// repainted into a pixmap) plus the tornado's spec, on the 10^5-row table.
#include "bench/QtBenchmarkMain.h"
#include "engine/campaign/CampaignResult.h"
#include "engine/campaign/MergedCampaignTable.h"
#include "ui/campaign/CampaignCharts.h"
#include "ui/campaign/CampaignData.h"
#include "ui/campaign/CampaignHeatmapModel.h"

#include <QPixmap>
#include <QTableView>

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>

using namespace spare;

namespace {

constexpr int kMtbfValues = 10;
constexpr int kRedundancyValues = 19;  // r = 2 .. 20

// A merged table as `campaign merge` writes it: MTBF x r x {spare, rep}, seeds filling `rows`.
std::string mergedCsv(int rows)
{
    std::string text = "# campaign: bench\n# campaign_hash: 0000000000000000\n# spare-cli: bench\n"
                       "run_id,failures.system_mtbf_s,cluster.redundancy,run.policy,replicate,seed,status,reason";
    for (const std::string& column : campaignResultColumns())
        text += "," + column;
    text += '\n';
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> noise(-0.05, 0.05);
    const int cells = kMtbfValues * kRedundancyValues * 2;
    for (int row = 0; row < rows; ++row) {
        const int cell = row % cells;
        const int mtbf = 150 * (1 + cell / (kRedundancyValues * 2));
        const int r = 2 + cell / 2 % kRedundancyValues;
        const bool spare = cell % 2 == 0;
        char head[160];
        std::snprintf(head, sizeof head, "%016x,%d,%d,%s,%d,%d,ok,,1", row, mtbf, r,
                      spare ? "spare" : "rep", row / cells, row);
        text += head;
        for (const std::string& column : campaignResultColumns()) {
            if (column == "completed")
                continue;
            const double ttt = (spare ? 2.0 : 3.0) + 0.02 * std::abs(r - 9) + 300.0 / mtbf + noise(random);
            text += ',' + std::to_string(column == "ttt_ratio" ? ttt : column == "availability" ? 1.0 / ttt : 1.0);
        }
        text += '\n';
    }
    return text;
}

const std::string& table(int rows)
{
    static const std::string small = mergedCsv(10'000);
    static const std::string large = mergedCsv(100'000);
    return rows == 10'000 ? small : large;
}

void BM_OpenMergedTable(benchmark::State& state)
{
    const std::string& text = table(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        auto data = CampaignData::fromTable(MergedCampaignTable::fromCsv(text, "bench.csv"), QStringLiteral("bench.csv"));
        benchmark::DoNotOptimize(data);
    }
    state.counters["rows"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_OpenMergedTable)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

void BM_HeatmapRedraw(benchmark::State& state)
{
    const auto data = CampaignData::fromTable(MergedCampaignTable::fromCsv(table(100'000), "bench.csv"), QStringLiteral("bench.csv"));
    CampaignHeatmapModel model;
    QTableView view;
    view.setModel(&model);
    view.resize(1200, 700);
    view.show();
    CampaignSelection selection = CampaignSelection::defaults(*data, CampaignMetric::Kind::TttRatio);
    int policy = 0;
    for (auto _ : state) {
        selection.point[2] = policy++ % 2;  // a selector change
        model.setContent(data, selection);
        benchmark::DoNotOptimize(view.grab());
    }
}
BENCHMARK(BM_HeatmapRedraw)->Unit(benchmark::kMillisecond);

void BM_TornadoSpec(benchmark::State& state)
{
    const auto data = CampaignData::fromTable(MergedCampaignTable::fromCsv(table(100'000), "bench.csv"), QStringLiteral("bench.csv"));
    const CampaignSelection selection = CampaignSelection::defaults(*data, CampaignMetric::Kind::TttRatio);
    for (auto _ : state)
        benchmark::DoNotOptimize(CampaignCharts::tornado(*data, selection));
}
BENCHMARK(BM_TornadoSpec)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv)
{
    return runQtBenchmarks(argc, argv);
}
