"""The result objects: what spare-cli --json prints, with DataFrames where spare-cli prints tables."""

import copy


def _pandas():
    import pandas  # imported on first use: the package works without it

    return pandas


class Report:
    """A command's result. ``to_dict()`` is what ``spare-cli ... --json`` prints (a list of dicts for
    sweep and paper_table); top-level keys read as attributes (``report.mu``)."""

    def __init__(self, data):
        self._data = data

    def to_dict(self):
        """A deep copy of the document spare-cli --json prints."""
        return copy.deepcopy(self._data)

    def __getattr__(self, name):
        data = self.__dict__.get("_data")
        if isinstance(data, dict) and name in data:
            return data[name]
        raise AttributeError(name)

    def __getitem__(self, key):
        return self._data[key]

    def __dir__(self):
        keys = list(self._data) if isinstance(self._data, dict) else []
        return sorted(set(super().__dir__()) | set(keys))

    def __repr__(self):
        return f"<{type(self).__name__}: {self._summary()}>"

    def _summary(self):
        return f"{len(self._data)} entries"


class SimulationResult(Report):
    """One run: the metrics as attributes (``ttt_ratio``, ``availability``, ...), ``time_breakdown``,
    ``events`` (a NumPy structured array over the engine's records, or None) and ``scenario`` (the one
    that ran, with the overrides)."""

    def __init__(self, report, events, scenario):
        super().__init__(report)
        self.events = events
        self.scenario = scenario

    @property
    def time_breakdown(self):
        """Where the time went: seconds per part of TTT."""
        return dict(self._data["time_breakdown"])

    def events_frame(self):
        """The events as a DataFrame. The numeric columns are views of ``events`` (no copy); ``kind`` is a
        categorical of spare_studio.EVENT_KINDS."""
        if self.events is None:
            raise ValueError("the run was simulated with events=False")
        pd = _pandas()
        from ._core import EVENT_KINDS

        columns = {name: self.events[name] for name in self.events.dtype.names if name != "kind"}
        frame = pd.DataFrame(columns, copy=False)
        frame["kind"] = pd.Categorical.from_codes(self.events["kind"], categories=list(EVENT_KINDS))
        return frame

    def _summary(self):
        return f"TTT/T0 {self._data['ttt_ratio']:.3f}, {self._data['events']} events"


class SweepReport(Report):
    def frame(self):
        """One row per (policy, r): runs, completed runs, best, and each metric's mean and sd."""
        return _pandas().json_normalize(self._data)

    def _summary(self):
        return f"{len(self._data)} rows"


class RegimeMapReport(Report):
    """Which policy wins where: ``x`` and ``y`` (the keys), ``contenders`` and ``cells`` (each with its winner,
    runner-up, margin, whether the top two separate at 95%, and every contender's mean TTT/T0)."""

    def frame(self):
        """One row per cell and contender: x, y, contender, mean_ttt_ratio, half_width, unfinished, winner,
        margin, separable."""
        rows = []
        for cell in self._data["cells"]:
            for c in cell["contenders"]:
                rows.append({self._data["x"]: cell["x"], self._data["y"]: cell["y"], "contender": c["name"],
                             "mean_ttt_ratio": c["mean_ttt_ratio"], "half_width": c["half_width"],
                             "unfinished": c["unfinished"], "winner": cell["winner"], "margin": cell["margin"],
                             "separable": cell["separable"]})
        return _pandas().DataFrame(rows)

    def _summary(self):
        return f"{len(self._data['cells'])} cells, {len(self._data['contenders'])} contenders"


class AnalysisStudyReport(Report):
    """The Analysis tab's study: ``summary``, ``summary_markdown``, ``best`` (per policy), ``gain_over_rep``
    and ``figures`` (per figure id: its series, markers and ``csv``, the text of the report's
    charts/<id>.csv)."""

    def frame(self, figure):
        """The data of one figure (e.g. "throughput-vs-r") as a DataFrame: its CSV's rows."""
        import io

        return _pandas().read_csv(io.StringIO(self._data["figures"][figure]["csv"]))

    def _summary(self):
        return self._data["summary"]


class PaperTableReport(Report):
    def frame(self):
        """One row per N: the paper's figures beside ours (nested keys joined with '.')."""
        return _pandas().json_normalize([{k: v for k, v in row.items() if k != "rows"} for row in self._data])

    def rows_frame(self):
        """Every (policy, r) row of the three sweeps, with its N in ``groups``."""
        pd = _pandas()
        return pd.concat([pd.json_normalize(row["rows"]).assign(groups=row["groups"]) for row in self._data],
                         ignore_index=True)

    def _summary(self):
        return f"{len(self._data)} cluster sizes"


class MonteCarloReport(Report):
    def frame(self):
        """The histogram of failures endured: ``failures`` (k) and ``trials`` ending after k failures."""
        histogram = self._data["failures_histogram"]
        return _pandas().DataFrame({"failures": range(len(histogram)), "trials": histogram})

    def _summary(self):
        return f"mu {self._data['mu']:.3f} over {self._data['trials']} trials"


class LayoutReport(Report):
    def frame(self):
        """Every group's stack: one row per group, one column per stack position."""
        stacks = self._data["stacks"]
        frame = _pandas().DataFrame(stacks, columns=[f"position_{p}" for p in range(self._data["redundancy"])])
        frame.index.name = "group"
        return frame

    def _summary(self):
        return f"{self._data['layout']}, N = {self._data['groups']}, r = {self._data['redundancy']}"


class ReorderReport(Report):
    def frame(self):
        """The assignment after the decision: type, group and stack position (empty after a wipe-out)."""
        return _pandas().DataFrame(self._data["assignment"], columns=["type", "group", "position"])

    def _summary(self):
        return f"phase {self._data['phase']}, {self._data['moves']} moves"


class AnalyzeReport(Report):
    def frame(self):
        """The figures as one row (nested keys joined with '.')."""
        return _pandas().json_normalize(self._data)

    def _summary(self):
        return f"mu {self._data['mu_asymptotic']:.3f}, r* {self._data['r_star']}"


class FitReport(Report):
    """The fits; ``planned_scenario`` is the planned Scenario with the fitted failures section (or None)."""

    def __init__(self, data):
        self.planned_scenario = data.pop("planned_scenario", None)
        super().__init__(data)

    def frame(self):
        """One row per lifetime family: parameters, MTBF with its 95% interval, AIC and goodness of fit."""
        rows = []
        for family in self._data["fits"]:
            row = {key: value for key, value in family.items() if key not in ("parameters", "mtbf_s")}
            for parameter in family["parameters"]:
                row[parameter["name"]] = parameter["value"]
            row.update({"mtbf_s": family["mtbf_s"]["value"], "mtbf_s_lower": family["mtbf_s"]["lower"],
                        "mtbf_s_upper": family["mtbf_s"]["upper"]})
            rows.append(row)
        return _pandas().DataFrame(rows)

    def _summary(self):
        return f"best {self._data['best']}"


class PlanReport(Report):
    def frame(self):
        """Every candidate of every policy: replicates, mean TTT/T0 and its 95% interval, still in or not."""
        return _pandas().json_normalize([c for p in self._data["policies"] for c in p["candidates"]])

    def _summary(self):
        chosen = ", ".join(
            f"{p['policy']} r = {p['selected']['redundancy']}" for p in self._data["policies"])
        return f"{chosen} ({self._data['runs']} runs)"


def campaign_frame(table):
    """A DataFrame of a merged campaign table, its provenance in ``attrs``."""
    frame = _pandas().DataFrame(table["runs"], columns=table["columns"])
    frame.attrs["provenance"] = table["provenance"]
    return frame
