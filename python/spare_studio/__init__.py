"""SPARe Studio from Python: the engine that spare-cli runs, with the same results.

Every function returns what ``spare-cli ... --json`` prints for the same arguments (``.to_dict()``),
and a pandas DataFrame (``.frame()``) where spare-cli prints a table. Long calls release the GIL, take
``threads=``, report ``progress(done, total)``, stop on Ctrl-C (KeyboardInterrupt) and on
``cancel=CancelToken()`` from another thread (spare_studio.Cancelled). See docs/python.md.

NumPy is imported only when an events array is made, pandas only when a DataFrame is.
"""

from ._core import EVENT_KINDS, Cancelled, InputError, Scenario
from . import _core
from ._reports import (
    AnalysisStudyReport,
    AnalyzeReport,
    FitReport,
    LayoutReport,
    MonteCarloReport,
    PaperTableReport,
    PlanReport,
    RegimeMapReport,
    ReorderReport,
    Report,
    SimulationResult,
    SweepReport,
    campaign_frame,
)

class CancelToken(_core.CancelToken):
    """Stops a running call from another thread: pass ``cancel=token``, then ``token.cancel()``. The call
    raises spare_studio.Cancelled. ``token.cancelled`` says whether it was cancelled (it stays so)."""

    def __init__(self):
        super().__init__()

    def cancel(self):
        """Asks every call holding this token to stop."""
        super().cancel()


def _add_scenario_methods(cls):
    # Python functions over the module's, so that a wrong number of arguments gets Python's message.
    def load(path):
        """Reads a scenario JSON file (``path``: str, bytes or os.PathLike). Raises ValueError listing
        every problem as 'path: key: message'."""
        return cls._load(path)

    def from_dict(d):
        """A scenario from a dict shaped like a scenario file (every key optional). Raises ValueError
        listing every problem with its key path."""
        return cls._from_dict(d)

    def with_(self, **values):
        """A copy with dotted keys replaced: ``s.with_(**{'cluster.redundancy': 8})``. The scenario itself
        is unchanged. Raises ValueError listing every problem with its key path."""
        return self._with_values(values)

    def to_dict(self):
        """Every key, as a scenario file holds it: ``Scenario.from_dict(s.to_dict()) == s``."""
        return self._to_dict()

    for method in (load, from_dict, with_, to_dict):
        method.__qualname__ = f"Scenario.{method.__name__}"
    cls.load = staticmethod(load)
    cls.from_dict = staticmethod(from_dict)
    cls.with_ = with_
    cls.to_dict = to_dict


_add_scenario_methods(Scenario)

__all__ = [
    "EVENT_KINDS", "Cancelled", "CancelToken", "InputError", "Scenario", "Report", "SimulationResult",
    "simulate", "sweep", "analysis_study", "paper_table", "montecarlo", "layout", "reorder", "analyze",
    "load_campaign", "fit", "plan", "regime_map",
]


def simulate(scenario, policy=None, seed=None, redundancy=None, events=True, until_s=float("inf"),
             max_ttt_ratio=100.0, progress=None, cancel=None):
    """One training run, as ``spare-cli simulate SCENARIO [--policy P] [--seed X] [--redundancy R] --json``.

    ``scenario`` is a Scenario or a path; ``policy`` ("spare", "rep", "ckpt"), ``seed`` and ``redundancy``
    override the scenario's (None keeps them). ``events=True`` records every event as a NumPy structured
    array (``result.events``; ``result.events_frame()`` as a DataFrame). ``progress(steps_done, steps)``.
    """
    out = _core._simulate(scenario, policy=policy, redundancy=redundancy, seed=seed, events=events,
                          until_s=until_s, max_ttt_ratio=max_ttt_ratio, progress=progress, cancel=cancel)
    return SimulationResult(out["report"], out["events"], out["scenario"])


def sweep(scenario, policies="spare,rep,ckpt", redundancy="2-12", seeds=3, threads=0, layout=None,
          rack_share=0.0, spare_nodes=None, swap_s=None, rejoin=None, progress=None, cancel=None):
    """A policy x r x seed grid, as ``spare-cli sweep SCENARIO --policies --redundancy --seeds --json``.

    ``policies``: "spare,rep" or a list; ``redundancy``: "2-20", "2,4,8", an int or a list of ints;
    ``threads=0`` uses every core. ``spare_nodes``, ``swap_s`` and ``rejoin`` (a value, a list or a comma
    string) run the repair what-if (``--spare-nodes``, ``--swap-s``, ``--rejoin``): the grid once per
    combination, an axis not given keeping its default values, and each row names its point.
    ``progress(cells_done, cells)``. ``.frame()``: one row per (policy, r) and repair point.
    """
    return SweepReport(_core._sweep(scenario, policies=policies, redundancy=redundancy, seeds=seeds,
                                    threads=threads, layout=layout, rack_share=rack_share, spare_nodes=spare_nodes,
                                    swap_s=swap_s, rejoin=rejoin, progress=progress, cancel=cancel))


def analysis_study(scenario, progress=None, cancel=None):
    """The Analysis tab's study on its default grids, as ``spare-cli report SCENARIO --out DIR`` computes it.

    ``scenario`` is a Scenario or a path. ``progress(points_done, points)``. The result holds the summary,
    each policy's best r, the gain over Rep and every figure; ``.frame("throughput-vs-r")`` is one
    figure's CSV as a DataFrame.
    """
    return AnalysisStudyReport(_core._analysis_study(scenario, progress=progress, cancel=cancel))


def regime_map(scenario, x="restart.duration_s=60,120,300,600,1200,1800,3600",
               y="failures.system_mtbf_s=150,300,600,1200,2400", policies="spare,ckpt-memory,elastic,rebalance",
               seeds=3, threads=0, max_ttt_ratio=100.0, progress=None, cancel=None):
    """Which policy wins where (``spare-cli regime-map SCENARIO --x --y --policies``): every cell of two scenario
    keys ("KEY=V1,V2,..." or "KEY=LO:HI:N", "...:Ng" geometric) for 2 to 6 contenders on the same seeds.
    ``progress(runs_done, runs)``. ``.frame()``: one row per cell and contender.
    """
    return RegimeMapReport(_core._regime_map(scenario, x=x, y=y, policies=policies, seeds=seeds, threads=threads,
                                             max_ttt_ratio=max_ttt_ratio, progress=progress, cancel=cancel))


def paper_table(seeds=3, threads=0, progress=None, cancel=None):
    """The paper's table at N = 200, 600, 1000 beside the published numbers (``spare-cli paper-table --json``)."""
    return PaperTableReport(_core._paper_table(seeds=seeds, threads=threads, progress=progress, cancel=cancel))


def montecarlo(groups, redundancy, trials, layout="golomb", seed=1, threads=None, device="auto",
               wipeout_only=False, scenario=None, topology=None, domain_level=None, burst_share=None,
               progress=None, cancel=None):
    """Random failure orders: mu and S_bar with 95% intervals (``spare-cli montecarlo --json``).

    ``threads=None`` uses every core; ``scenario`` or ``topology`` (a file) gives the failure domains of
    ``burst_share``. ``progress(trials_done, trials)``. ``.frame()``: the histogram of failures endured.
    """
    return MonteCarloReport(_core._montecarlo(
        groups, redundancy, trials, layout=layout, seed=seed, threads=threads, device=device,
        wipeout_only=wipeout_only, scenario=scenario, topology=topology, domain_level=domain_level,
        burst_share=burst_share, progress=progress, cancel=cancel))


def layout(groups=None, redundancy=None, layout=None, scenario=None, topology=None, domain_level=None):
    """A stacked layout and its properties (``spare-cli layout --json``); ``.frame()``: every group's stack.

    With ``scenario``, N, r and the layout not given come from it, and so does the domain report.
    """
    return LayoutReport(_core._layout(groups=groups, redundancy=redundancy, layout=layout, scenario=scenario,
                                      topology=topology, domain_level=domain_level))


def reorder(groups, redundancy, failed, layout="golomb", stack_number=1):
    """The reorder controller's decision when ``failed`` groups fail together (``spare-cli reorder --json``).

    ``.frame()``: the assignment of every type to a group and stack position.
    """
    return ReorderReport(_core._reorder(groups, redundancy, failed, layout=layout,
                                        stack_number=stack_number))


def analyze(groups, redundancy, mtbf_s=300.0, restart_s=3600.0,
            checkpoint_s=20000.0 / 340.0, step_s=2 * 64.0 + 2.0):
    """The closed forms at (N, r): mu, S_bar, r*, T_c*, A*, J(r) (``spare-cli analyze --json``).

    The defaults are the paper's setting (m = 300 s, T_r = 1 h, T_s = 20 TB / 340 GB/s, a 130 s step).
    """
    return AnalyzeReport(_core._analyze(groups, redundancy, mtbf_s=mtbf_s, restart_s=restart_s,
                                        checkpoint_s=checkpoint_s, step_s=step_s))


def load_campaign(path):
    """A campaign's merged table as a DataFrame: a results folder (as ``spare-cli campaign merge`` makes
    it) or a merged .csv / .json file. ``frame.attrs["provenance"]`` holds the provenance lines."""
    return campaign_frame(_core._load_campaign(path))


def fit(log, time_column, time_format="iso8601", where=None, where_not=None, from_=None, to=None,
        location_column=None, location_pattern=None, cluster_window_s=3600.0, rack_level=None, units=None,
        unit="gpu", gpus_per_node=8, groups=None, gpus_per_group=None, scenario=None, bootstrap=200, seed=1,
        threads=0, skip_bad_rows=False, require_sorted=False, checkpoint_sweep=False, progress=None,
        cancel=None):
    """Fits a CSV failure log (``spare-cli fit LOG --time-column ... --json``).

    ``where={"COL": ["V1", "V2"]}`` keeps rows whose COL is one of the values, ``where_not`` drops them
    (``--where COL=V1,V2`` / ``COL!=V1,V2``); each column needs one value or more. With ``units`` and a planned cluster (``scenario`` or
    ``groups`` + ``gpus_per_group``), ``.planned_scenario`` is the scenario with the fitted failures.
    ``.frame()``: one row per lifetime family.
    """
    return FitReport(_core._fit(
        log, time_column, time_format=time_format, where=where, where_not=where_not, from_=from_,
        to=to, location_column=location_column, location_pattern=location_pattern,
        cluster_window_s=cluster_window_s, rack_level=rack_level, units=units, unit=unit,
        gpus_per_node=gpus_per_node, groups=groups, gpus_per_group=gpus_per_group, scenario=scenario,
        bootstrap=bootstrap, seed=seed, threads=threads, skip_bad_rows=skip_bad_rows,
        require_sorted=require_sorted, checkpoint_sweep=checkpoint_sweep, progress=progress, cancel=cancel))


def plan(scenario, policies="spare,rep", redundancy=None, checkpoint="auto", confidence=0.95, indifference=0.01,
         first_stage=10, batch=5, max_replicates=2000, threads=0, progress=None, cancel=None):
    """r and the checkpoint interval per policy with stated confidence (``spare-cli plan SCENARIO --json``).

    ``checkpoint``: "auto" or a list of "auto" and interval steps; ``indifference``: 0.01 or "1%".
    ``progress(runs_done, runs)`` per round. ``.frame()``: every candidate of every policy.
    """
    return PlanReport(_core._plan(
        scenario, policies=policies, redundancy=redundancy, checkpoint=checkpoint, confidence=confidence,
        indifference=indifference, first_stage=first_stage, batch=batch, max_replicates=max_replicates,
        threads=threads, progress=progress, cancel=cancel))
