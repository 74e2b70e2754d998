"""The events array: a structured NumPy array over the engine's records, reaching pandas without a copy."""

import subprocess
import sys

import numpy as np
import pytest

import spare_studio as ss
from conftest import SCENARIOS


def test_event_fields(teaching_path):
    result = ss.simulate(teaching_path, seed=2)
    events = result.events
    assert events.dtype.names == ("time", "duration", "group", "gpu", "step", "stack_number", "value", "kind")
    assert len(events) == result.to_dict()["events"]
    kinds = {ss.EVENT_KINDS[k] for k in np.unique(events["kind"])}
    assert {"step_start", "step_end", "failure", "run_end"} <= kinds
    assert (events["kind"] == ss.EVENT_KINDS.index("failure")).sum() == result.failures
    frame = result.events_frame()
    assert list(frame.columns[:3]) == ["time", "duration", "group"]
    assert str(frame["kind"].dtype) == "category"
    assert (frame["kind"] == ss.EVENT_KINDS[int(events["kind"][0])]).iloc[0]


def test_metrics_as_attributes(teaching_path):
    result = ss.simulate(teaching_path)
    doc = result.to_dict()
    assert result.ttt_ratio == doc["ttt_ratio"] and result.availability == doc["availability"]
    assert result.time_breakdown == doc["time_breakdown"]
    assert sum(result.time_breakdown.values()) == pytest.approx(result.ttt_s)
    assert result.scenario.name == "teaching-12"


def test_a_million_events_without_copies():
    scenario = ss.Scenario.load(SCENARIOS / "teaching-12.json").with_(**{"workload.steps": 160_000})
    result = ss.simulate(scenario, max_ttt_ratio=1e6)
    events = result.events
    assert len(events) >= 10**6
    assert type(events.base).__name__ == "PyCapsule"  # the engine's vector, owned by the array
    assert not events.flags.owndata
    frame = result.events_frame()
    for column in ("time", "duration", "group", "step", "value"):
        assert np.shares_memory(frame[column].to_numpy(), events), column
    assert frame.shape[0] == len(events)


def test_no_events():
    result = ss.simulate(SCENARIOS / "teaching-12.json", events=False)
    assert result.events is None
    with pytest.raises(ValueError):
        result.events_frame()


def test_events_without_numpy_name_the_package(teaching_path):
    """An interpreter without NumPy is told which package to install, before the run, and runs without events."""
    script = (
        "import sys\n"
        "sys.modules['numpy'] = None  # as if NumPy were not installed\n"
        "import spare_studio as ss\n"
        "try:\n"
        "    ss.simulate(sys.argv[1])\n"
        "except ModuleNotFoundError as error:\n"
        "    print(error)\n"
        "print(ss.simulate(sys.argv[1], events=False).events)\n")
    done = subprocess.run([sys.executable, "-c", script, str(teaching_path)], capture_output=True, text=True,
                          check=True)
    package = "python3-numpy" if sys.executable.startswith("/usr/bin/python3") else "pip install numpy"
    assert done.stdout.splitlines() == [
        f"events need NumPy ({package} for {sys.executable}); events=False runs without them", "None"]
