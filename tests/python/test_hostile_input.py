"""Hostile input: values nested deep or containing themselves, special files for every file argument,
paths as bytes and os.PathLike, messages quoting invalid UTF-8, and comparisons with other types."""

import os
import pathlib
import shutil

import pytest

import spare_studio as ss
from conftest import SCENARIOS


def nested(depth):
    top = {}
    inner = top
    for _ in range(depth):
        inner["a"] = {}
        inner = inner["a"]
    return top


def self_containing_dict():
    d = {"x": 1}
    d["me"] = d
    return d


def self_containing_list():
    items = [{"level": "rack"}]
    items.append(items)
    return items


@pytest.mark.parametrize("call,words", [
    (lambda: ss.Scenario.from_dict({"cluster": {"groups": nested(30_000)}}),
     ["from_dict: cluster.groups.a.a", "more keys", "nested deeper than 200 levels"]),
    (lambda: ss.Scenario.from_dict(nested(201)), ["from_dict: a.a.a", "nested deeper than 200 levels"]),
    (lambda: ss.Scenario.from_dict({"cluster": self_containing_dict()}), ["from_dict: cluster.me", "contains itself"]),
    (lambda: ss.Scenario.from_dict({"failures": {"domains": self_containing_list()}}),
     ["from_dict: failures.domains[1]", "contains itself"]),
    (lambda: ss.Scenario.from_dict({}).with_(**{"failures.domains": self_containing_list()}),
     ["with_: failures.domains[1]", "contains itself"]),
    (lambda: ss.Scenario.from_dict({}).with_(**{"cluster.groups": nested(10_000)}),
     ["with_: cluster.groups.a", "nested deeper than 200 levels"]),
])
def test_deep_and_cyclic_values(call, words):
    with pytest.raises(ValueError) as error:
        call()
    message = str(error.value)
    assert len(message) < 400, message
    for word in words:
        assert word in message


def test_nesting_within_the_limit_reaches_the_scenario_checks():
    with pytest.raises(ValueError, match=r"from_dict: cluster\.groups: expected"):
        ss.Scenario.from_dict({"cluster": {"groups": nested(150)}})


def test_shared_values_are_not_cycles():
    doc = ss.Scenario.load(SCENARIOS / "teaching-racks.json").to_dict()
    shared = {"level": "rack", "mtbf_s": 1e6}
    doc["failures"]["domains"] = [shared, shared]
    scenario = ss.Scenario.from_dict(doc)
    assert len(scenario.to_dict()["failures"]["domains"]) == 2


def test_scenario_compares_with_other_types():
    scenario = ss.Scenario.from_dict({})
    assert (scenario == 5) is False and (scenario != 5) is True
    assert scenario in [1, "x", scenario]
    assert scenario != ss.Scenario.from_dict({"cluster": {"groups": 20}})


@pytest.mark.parametrize("as_path", [str, os.fsencode, pathlib.Path], ids=["str", "bytes", "PathLike"])
def test_paths_as_str_bytes_and_pathlike(tmp_path, teaching_path, as_path):
    copy = tmp_path / "copy.json"
    shutil.copy(teaching_path, copy)
    assert ss.Scenario.load(as_path(copy)) == ss.Scenario.load(teaching_path)
    assert ss.Scenario.load(as_path(copy)).path == str(copy)
    assert ss.simulate(as_path(copy), events=False).completed
    with pytest.raises(ValueError) as error:
        ss.Scenario.load(as_path(tmp_path / "missing.json"))
    assert str(tmp_path / "missing.json") + ":" in str(error.value) and "b'" not in str(error.value)


def test_an_undecodable_file_name_round_trips(tmp_path, teaching_path):
    name = os.fsencode(tmp_path) + b"/scen\xff.json"
    shutil.copy(teaching_path, name)
    scenario = ss.Scenario.load(name)
    assert ss.Scenario.load(scenario.path) == scenario
    assert os.fsencode(scenario.path) == name


def test_a_message_quoting_invalid_utf8_keeps_its_place(tmp_path):
    log = tmp_path / "bad.csv"
    log.write_bytes(b"time,cause\n2024-01-01T00:00:00,a\n\xff\xfe-bad,b\n")
    with pytest.raises(ValueError) as error:
        ss.fit(log, "time", bootstrap=0)
    message = str(error.value)
    assert "line 3, column 1 (time)" in message and "-bad" in message
    missing = os.fsencode(tmp_path) + b"/scen\xff.json"
    with pytest.raises(ValueError) as error:
        ss.Scenario.load(missing)
    assert "scen\\xff.json: cannot open" in str(error.value)


@pytest.fixture
def special_files(tmp_path):
    """A FIFO, a folder and character devices: none is a regular file, and /dev/zero never ends."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    return {"fifo": fifo, "folder": folder, "/dev/null": pathlib.Path("/dev/null"),
            "/dev/zero": pathlib.Path("/dev/zero")}


FILE_ARGUMENTS = {
    "Scenario.load": lambda f: ss.Scenario.load(f),
    "simulate scenario": lambda f: ss.simulate(f),
    "sweep scenario": lambda f: ss.sweep(f),
    "plan scenario": lambda f: ss.plan(f),
    "layout scenario": lambda f: ss.layout(scenario=f),
    "layout layout file": lambda f: ss.layout(10, 3, layout=str(f)),
    "layout topology": lambda f: ss.layout(10, 3, topology=f),
    "montecarlo topology": lambda f: ss.montecarlo(10, 3, 10, topology=f),
    "fit scenario": lambda f: ss.fit(SCENARIOS / "logs" / "synthetic-weibull.csv", "time", units=100, scenario=f),
    "load_campaign": lambda f: ss.load_campaign(f),
    "from_dict cluster.layout": lambda f: ss.simulate(ss.Scenario.from_dict({"cluster": {"layout": str(f)}})),
}


@pytest.mark.parametrize("kind", ["fifo", "folder", "/dev/null", "/dev/zero"])
@pytest.mark.parametrize("argument", FILE_ARGUMENTS)
def test_special_files_are_refused(special_files, argument, kind):
    path = special_files[kind]
    with pytest.raises(ValueError) as error:
        FILE_ARGUMENTS[argument](path)
    assert str(path) in str(error.value)


@pytest.mark.parametrize("kind", ["folder", "/dev/null", "/dev/zero"])
def test_special_files_as_a_failure_log(special_files, kind):
    path = special_files[kind]
    with pytest.raises(ValueError) as error:
        ss.fit(path, "time")
    assert str(path) in str(error.value)


@pytest.mark.parametrize("call", [
    lambda: ss.Scenario.load(),
    lambda: ss.Scenario.load("a.json", "b.json"),
    lambda: ss.Scenario.from_dict(d={}, x=1),
    lambda: ss.Scenario.from_dict({}).with_({"cluster.groups": 4}),
    lambda: ss.Scenario.from_dict({}).to_dict(1),
    lambda: ss.CancelToken(5),
    lambda: ss.CancelToken().cancel(5),
])
def test_wrong_argument_counts_get_pythons_message(call):
    with pytest.raises(TypeError) as error:
        call()
    message = str(error.value)
    assert "incompatible" not in message and "argument" in message and "<locals>" not in message

