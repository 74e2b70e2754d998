"""Scenario: load, from_dict, with_ (dotted keys), to_dict, and the ValueErrors of bad values."""

import json

import pytest

import spare_studio as ss
from conftest import SCENARIOS, run_cli


def test_load_and_round_trip(teaching_path):
    scenario = ss.Scenario.load(teaching_path)
    assert scenario.name == "teaching-12"
    assert (scenario.groups, scenario.redundancy, scenario.policy) == (12, 3, "spare")
    assert ss.Scenario.from_dict(scenario.to_dict()) == scenario
    assert scenario.path == str(teaching_path)


def test_from_dict_defaults_missing_keys():
    scenario = ss.Scenario.from_dict({"cluster": {"groups": 20, "redundancy": 4}})
    assert (scenario.groups, scenario.redundancy) == (20, 4)
    assert scenario.to_dict()["cluster"]["groups"] == 20


def test_with_replaces_dotted_keys_and_leaves_the_original(teaching_path):
    scenario = ss.Scenario.load(teaching_path)
    changed = scenario.with_(**{"cluster.redundancy": 4, "workload.steps": 50, "run.policy": "rep"})
    assert (changed.redundancy, changed.steps, changed.policy) == (4, 50, "rep")
    assert (scenario.redundancy, scenario.steps, scenario.policy) == (3, 200, "spare")
    assert changed != scenario


def test_with_names_key_value_and_range(teaching_path):
    scenario = ss.Scenario.load(teaching_path)
    with pytest.raises(ValueError) as error:
        scenario.with_(**{"cluster.redundancy": 99})
    message = str(error.value)
    assert "cluster.redundancy" in message and "99" in message and "allowed" in message


def test_with_unknown_key(teaching_path):
    with pytest.raises(ValueError, match=r"cluster\.bogus: unknown key"):
        ss.Scenario.load(teaching_path).with_(**{"cluster.bogus": 1})


def test_every_problem_is_listed():
    with pytest.raises(ValueError) as error:
        ss.Scenario.from_dict({"cluster": {"groups": 1}, "workload": {"steps": -5}})
    message = str(error.value)
    assert "cluster.groups" in message and "workload.steps" in message
    assert len(message.splitlines()) >= 2


def test_load_errors_are_the_cli_messages(tmp_path, teaching_path):
    doc = json.loads(teaching_path.read_text())
    doc["cluster"]["groups"] = 1
    doc["failures"]["system_mtbf_s"] = -1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(ValueError) as error:
        ss.Scenario.load(bad)
    cli = run_cli("simulate", bad, check=False)
    assert cli.returncode == 2
    for line in str(error.value).splitlines():
        assert line in cli.stderr
    assert "cluster.groups" in str(error.value) and "failures.system_mtbf_s" in str(error.value)


def test_missing_file_is_a_value_error(tmp_path):
    with pytest.raises(ValueError, match="missing.json"):
        ss.Scenario.load(tmp_path / "missing.json")


def test_scenarios_are_values():
    first = ss.Scenario.load(SCENARIOS / "paper-n200.json")
    second = ss.Scenario.load(SCENARIOS / "paper-n200.json")
    assert first == second and hash(first) == hash(second)
    assert "paper-n200" in repr(first)
