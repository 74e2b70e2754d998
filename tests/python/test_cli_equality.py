"""Every function returns what spare-cli --json prints for the same arguments."""

import pandas as pd
import pytest

import spare_studio as ss
from conftest import SCENARIOS, cli_json, run_cli


def test_simulate(teaching_path):
    ours = ss.simulate(ss.Scenario.load(teaching_path), policy="spare", seed=7, events=False)
    assert ours.to_dict() == cli_json("simulate", teaching_path, "--policy", "spare", "--seed", "7")


@pytest.mark.parametrize("policy", ["rep", "ckpt"])
def test_simulate_other_policies_with_events(teaching_path, policy):
    ours = ss.simulate(teaching_path, policy=policy, redundancy=2, seed=3)
    assert ours.to_dict() == cli_json("simulate", teaching_path, "--policy", policy, "--redundancy", 2, "--seed", 3)
    assert len(ours.events) == ours.events_frame().shape[0] == ours.to_dict()["events"]


def test_sweep(teaching_path):
    ours = ss.sweep(teaching_path, policies=["spare", "rep"], redundancy=[2, 3, 4], seeds=2, threads=2)
    assert ours.to_dict() == cli_json("sweep", teaching_path, "--policies", "spare,rep", "--redundancy", "2-4",
                                      "--seeds", 2, "--threads", 2)
    frame = ours.frame()
    assert list(frame["redundancy"]) == [2, 3, 4, 2, 3, 4]
    assert "ttt_ratio_mean" in frame.columns


def test_sweep_repair_what_if(teaching_path):
    ours = ss.sweep(teaching_path, policies="spare,rep", redundancy=3, seeds=1, threads=2, spare_nodes=[0, 16],
                    swap_s="300,1800", rejoin=["none", "at_step"])
    assert ours.to_dict() == cli_json("sweep", teaching_path, "--policies", "spare,rep", "-r", 3, "--seeds", 1,
                                      "--threads", 2, "--spare-nodes", "0,16", "--swap-s", "300,1800",
                                      "--rejoin", "none,at_step")
    frame = ours.frame()
    assert len(frame) == 2 * 2 * 2 * 2
    assert set(frame["spare_nodes"]) == {0, 16} and set(frame["rejoin"]) == {"none", "at_step"}
    # An axis not given keeps the what-if's defaults, as in spare-cli.
    one_axis = ss.sweep(teaching_path, policies="spare", redundancy=3, seeds=1, threads=2, rejoin="at_step")
    assert one_axis.to_dict() == cli_json("sweep", teaching_path, "--policies", "spare", "-r", 3, "--seeds", 1,
                                          "--threads", 2, "--rejoin", "at_step")


def test_paper_table():
    ours = ss.paper_table(seeds=1, threads=2)
    assert ours.to_dict() == cli_json("paper-table", "--seeds", 1, "--threads", 2)
    assert list(ours.frame()["groups"]) == [200, 600, 1000]
    assert len(ours.rows_frame()) == sum(len(row["rows"]) for row in ours.to_dict())


def test_montecarlo():
    ours = ss.montecarlo(100, 5, 2000, seed=3, threads=1, device="cpu").to_dict()
    cli = cli_json("montecarlo", "--groups", 100, "--redundancy", 5, "--trials", 2000, "--seed", 3,
                   "--threads", 1, "--device", "cpu")
    for doc in (ours, cli):
        doc.pop("seconds")  # wall time
    assert ours == cli


def test_montecarlo_bursts_from_a_scenario():
    scenario = SCENARIOS / "teaching-racks.json"
    ours = ss.montecarlo(12, 3, 1000, threads=1, device="cpu", scenario=scenario, burst_share=0.2)
    cli = cli_json("montecarlo", "--groups", 12, "--redundancy", 3, "--trials", 1000, "--threads", 1, "--device",
                   "cpu", "--scenario", scenario, "--burst-share", 0.2)
    mine = ours.to_dict()
    for doc in (mine, cli):
        doc.pop("seconds")
    assert mine == cli
    assert ours.frame()["trials"].sum() == 1000


def test_layout():
    ours = ss.layout(40, 5)
    assert ours.to_dict() == cli_json("layout", "--groups", 40, "--redundancy", 5)
    assert ours.frame().shape == (40, 5)


def test_layout_from_a_scenario_with_domains():
    scenario = SCENARIOS / "teaching-racks.json"
    ours = ss.layout(scenario=scenario)
    assert ours.to_dict() == cli_json("layout", "--scenario", scenario)
    assert "domains" in ours.to_dict()


def test_reorder():
    ours = ss.reorder(30, 4, [3, 17, 22], stack_number=1)
    assert ours.to_dict() == cli_json("reorder", "--groups", 30, "--redundancy", 4, "--failed", "3,17,22")
    assert list(ours.frame().columns) == ["type", "group", "position"]


@pytest.mark.parametrize("groups,redundancy", [(200, 9), (1000, 12), (50, 40)])
def test_analyze(groups, redundancy):
    ours = ss.analyze(groups, redundancy, mtbf_s=600)
    assert ours.to_dict() == cli_json("analyze", "--groups", groups, "--redundancy", redundancy, "--mtbf-s", 600)
    assert ours.frame().shape[0] == 1


def test_fit(weibull_log, teaching_path):
    ours = ss.fit(weibull_log, "time", time_format="%m/%d/%Y %H:%M", units=1000, scenario=teaching_path,
                  bootstrap=20, location_column="location", location_pattern="c{col}-{row}c{cage}s{slot}n{node}",
                  rack_level="row", threads=2)
    cli = cli_json("fit", weibull_log, "--time-column", "time", "--time-format", "%m/%d/%Y %H:%M", "--units", 1000,
                   "--scenario", teaching_path, "--bootstrap", 20, "--location-column", "location",
                   "--location-pattern", "c{col}-{row}c{cage}s{slot}n{node}", "--rack-level", "row", "--threads", 2)
    assert ours.to_dict() == cli
    assert set(ours.frame()["family"]) == {"exponential", "weibull", "lognormal"}
    planned = ours.planned_scenario.to_dict()["failures"]
    assert {key: planned[key] for key in cli["planned"]["failures"]} == cli["planned"]["failures"]


def test_fit_where(weibull_log):
    ours = ss.fit(weibull_log, "time", time_format="%m/%d/%Y %H:%M", bootstrap=0,
                  where_not={"cause": ["Scheduled maintenance"]})
    cli = cli_json("fit", weibull_log, "--time-column", "time", "--time-format", "%m/%d/%Y %H:%M", "--bootstrap", 0,
                   "--where", "cause!=Scheduled maintenance")
    assert ours.to_dict() == cli


def test_plan(teaching_path):
    ours = ss.plan(teaching_path, policies="spare,rep", redundancy="2-4", first_stage=5, batch=2, threads=2)
    cli = cli_json("plan", teaching_path, "--policies", "spare,rep", "--redundancy", "2-4", "--first-stage", 5,
                   "--batch", 2, "--threads", 2)
    assert ours.to_dict() == cli
    assert set(ours.frame()["policy"]) == {"spare", "rep"}


def test_analysis_study(teaching_path, tmp_path):
    ours = ss.analysis_study(teaching_path)
    run_cli("report", teaching_path, "--out", tmp_path)
    charts = tmp_path / "charts"
    assert sorted(ours.figures) == sorted(p.stem for p in charts.glob("*.csv"))
    for name, figure in ours.figures.items():
        assert figure["csv"] == (charts / f"{name}.csv").read_text(encoding="utf-8"), name
    assert ours.complete and not ours.cancelled
    assert "SPARe+CKPT best r = " in ours.summary
    assert 0 < ours.best["spare"]["ettr"]["mean"] <= 1
    assert ours.summary_markdown == (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert list(ours.frame("throughput-vs-r").columns) == ["kind", "series", "x", "y", "band_low", "band_high"]


def test_regime_map(teaching_path, tmp_path):
    axes = dict(x="restart.duration_s=60,600", y="failures.system_mtbf_s=300,1200", policies="spare,ckpt,elastic",
                seeds=2, threads=1)
    ours = ss.regime_map(teaching_path, **axes)
    run_cli("regime-map", teaching_path, "--x", axes["x"], "--y", axes["y"], "--policies", axes["policies"],
            "--seeds", "2", "--threads", "1", "--out", tmp_path / "map.csv")
    cli = pd.read_csv(tmp_path / "map.csv", float_precision="round_trip")
    frame = ours.frame()
    assert len(frame) == len(cli) == 12
    assert list(frame["mean_ttt_ratio"]) == list(cli["mean_ttt_ratio"])
    assert list(frame["winner"]) == list(cli["winner"])
    with pytest.raises(ValueError, match="contenders; allowed: 2 .. 6"):
        ss.regime_map(teaching_path, policies="spare")
    with pytest.raises(ValueError, match="not a numeric scenario key"):
        ss.regime_map(teaching_path, x="run.policy=1,2")
