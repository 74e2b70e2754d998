"""Bad arguments raise ValueError naming the argument, the value and the allowed range."""

import subprocess
import sys

import pytest

import spare_studio as ss


@pytest.mark.parametrize("call,words", [
    (lambda s: ss.simulate(s, redundancy=40), ["redundancy 40", "allowed 1 .. 12"]),
    (lambda s: ss.simulate(s, policy="raid"), ["policy 'raid'", "spare"]),
    (lambda s: ss.sweep(s, redundancy="2-99"), ["redundancy 2-99", "99"]),
    (lambda s: ss.sweep(s, seeds=0), ["seeds 0", "allowed 1 .. 1000"]),
    (lambda s: ss.sweep(s, policies="spare,raid"), ["raid", "allowed"]),
    (lambda s: ss.sweep(s, spare_nodes=[0, -1]), ["spare_nodes -1", "allowed 0 .. 10000000"]),
    (lambda s: ss.sweep(s, spare_nodes="4.5"), ["spare_nodes '4.5'", "not a whole number"]),
    (lambda s: ss.sweep(s, swap_s=[300, 0]), ["swap_s '0'", "allowed 0 < swap_s <= 1000000000"]),
    (lambda s: ss.sweep(s, rejoin="none,never"), ["rejoin 'never'", "none"]),
    (lambda s: ss.montecarlo(1, 1, 10), ["groups 1", "allowed 2 .."]),
    (lambda s: ss.montecarlo(10, 3, 0), ["trials 0", "allowed 1 .."]),
    (lambda s: ss.layout(10, 11), ["redundancy 11", "allowed 1 .. 10"]),
    (lambda s: ss.layout(10), ["redundancy is required"]),
    (lambda s: ss.reorder(10, 3, [10]), ["group 10", "allowed 0 .. 9"]),
    (lambda s: ss.reorder(10, 3, [1], stack_number=4), ["stack_number 4", "allowed 1 .. 3"]),
    (lambda s: ss.analyze(100, 5, mtbf_s=0), ["mtbf_s 0", "allowed"]),
    (lambda s: ss.plan(s, indifference=0.9), ["indifference 0.9", "at most 0.5"]),
    (lambda s: ss.plan(s, checkpoint=["auto", 0]), ["checkpoint: 0", "1 .. 200"]),
])
def test_argument_errors(teaching_path, call, words):
    with pytest.raises(ValueError) as error:
        call(ss.Scenario.load(teaching_path))
    for word in words:
        assert word in str(error.value)


def test_fit_errors(weibull_log, tmp_path):
    with pytest.raises(ValueError, match="nope"):
        ss.fit(weibull_log, "nope")
    with pytest.raises(ValueError, match="groups and gpus_per_group"):
        ss.fit(weibull_log, "time", groups=10)
    with pytest.raises(ValueError, match="missing.csv"):
        ss.fit(tmp_path / "missing.csv", "time")


def test_import_needs_no_numpy_nor_pandas():
    code = ("import sys; sys.modules['numpy'] = None; sys.modules['pandas'] = None; import spare_studio as ss; "
            "r = ss.analyze(200, 9); print(r.r_star, ss.simulate(ss.Scenario.from_dict({}).with_(**{'workload.steps': 5}), "
            "events=False).completed)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["8", "True"]


def test_docstrings():
    for name in ss.__all__:
        if callable(getattr(ss, name)) and name not in ("Cancelled",):
            assert getattr(ss, name).__doc__, name


# Every public function probed with wrong types and out-of-range values: each raises TypeError or
# ValueError naming the argument, and no pybind11 default message reaches the caller.
INT = ["x", 1.5, 2**64, -2**70, True]
SEED = [-1, 2**64, "1", 1.0]
NUM = ["x", 10**400, float("nan"), True, 1j]
TEXT = [5, "\ud800"]
FLAG = [5, "yes", None]
CALLBACK = [5, "x"]
TOKEN = [5, object()]
PATH = [5, 3.5, "a\0b", b"a\0b", [b"x"]]
RUN = {"progress": CALLBACK, "cancel": TOKEN}

PROBES = {
    "simulate": (lambda s, log: dict(scenario=s, events=False), dict(
        scenario=PATH + [None], policy=TEXT + ["raid"], seed=SEED, redundancy=INT + [0], events=FLAG,
        until_s=NUM + [0, None], max_ttt_ratio=NUM + [0, None], **RUN)),
    "sweep": (lambda s, log: dict(scenario=s, policies="spare", redundancy=2, seeds=1), dict(
        scenario=PATH, policies=[5, [None], ["spare", "spare"], []], redundancy=INT + [[2, "x"], [2**64], None],
        seeds=INT + [0], threads=INT + [-1, None], layout=TEXT, rack_share=NUM + [None],
        spare_nodes=[[-1], "x", [None]], swap_s=[[0], "x", [None]], rejoin=[5, [None]], **RUN)),
    "paper_table": (lambda s, log: dict(seeds=1), dict(seeds=INT + [0], threads=INT + [None], **RUN)),
    "montecarlo": (lambda s, log: dict(groups=10, redundancy=3, trials=100), dict(
        groups=INT + [1], redundancy=INT + [11], trials=INT + [0], layout=TEXT + ["nope"], seed=SEED,
        threads=INT + [0], device=TEXT + ["gpu", None], wipeout_only=FLAG, scenario=PATH, topology=PATH,
        domain_level=TEXT + ["moon"], burst_share=NUM + [2], **RUN)),
    "layout": (lambda s, log: dict(groups=10, redundancy=3), dict(
        groups=INT + [1], redundancy=INT + [11], layout=TEXT + ["nope"], scenario=PATH, topology=PATH,
        domain_level=TEXT)),
    "reorder": (lambda s, log: dict(groups=10, redundancy=3, failed=[1]), dict(
        groups=INT + [1], redundancy=INT + [11], failed=[5, "1,2", [1, "x"], [2**64], [], None], layout=TEXT,
        stack_number=INT + [4])),
    "analyze": (lambda s, log: dict(groups=100, redundancy=5), dict(
        groups=INT, redundancy=INT, mtbf_s=NUM + [0, None], restart_s=NUM + [-1], checkpoint_s=NUM + [-1],
        step_s=NUM + [0])),
    "load_campaign": (lambda s, log: dict(), dict(path=PATH + [None])),
    "fit": (lambda s, log: dict(log=log, time_column="time", time_format="%m/%d/%Y %H:%M", bootstrap=0), dict(
        log=PATH + [None], time_column=TEXT + [None], time_format=TEXT + [None], where=[5, {"cause": []},
        {"cause": [5]}, {5: ["a"]}, {"cause": None}, {"cause": "\ud800"}], where_not=[5, {"cause": []}],
        from_=TEXT, to=TEXT, location_column=TEXT, location_pattern=TEXT, cluster_window_s=NUM + [0, None],
        rack_level=TEXT, units=NUM + [0], unit=TEXT + ["rack", None], gpus_per_node=INT + [0, None],
        groups=INT + [1], gpus_per_group=INT + [0], bootstrap=INT + [-1, None], seed=SEED, threads=INT + [-1],
        skip_bad_rows=FLAG, require_sorted=FLAG, checkpoint_sweep=FLAG, **RUN)),
    "plan": (lambda s, log: dict(scenario=s), dict(
        scenario=PATH + [None], policies=[5, [None]], redundancy=INT + [[2, "x"]], checkpoint=[None, [0], "x", 2**64,
        [True]], confidence=NUM + [0.2, None], indifference=[None, "x", 2**64, [1], True, "1%%"],
        first_stage=INT + [1], batch=INT + [0], max_replicates=INT + [1], threads=INT + [-1], **RUN)),
}


def probe_cases():
    for function, (base, arguments) in PROBES.items():
        for argument, values in arguments.items():
            for value in values:
                yield pytest.param(function, base, argument, value, id=f"{function}-{argument}-{value!r:.30}")


@pytest.mark.parametrize("function,base,argument,value", probe_cases())
def test_every_function_names_the_bad_argument(teaching_path, weibull_log, function, base, argument, value):
    kwargs = dict(base(ss.Scenario.load(teaching_path), weibull_log), **{argument: value})
    with pytest.raises((TypeError, ValueError)) as error:
        getattr(ss, function)(**kwargs)
    message = str(error.value)
    assert argument.rstrip("_") in message, message
    for leak in ("incompatible function arguments", "Unable to cast", "C++"):
        assert leak not in message


@pytest.mark.parametrize("call,error,words", [
    (lambda: ss.Scenario.load(5), TypeError, ["path must be a path", "5 (int)"]),
    (lambda: ss.Scenario.from_dict([("cluster", {})]), TypeError, ["d must be a dict"]),
    (lambda: ss.Scenario.from_dict({"cluster": {"groups": 2**64}}), ValueError,
     ["from_dict: cluster.groups: 18446744073709551616 is out of range", "18446744073709551615"]),
    (lambda: ss.Scenario.from_dict({"cluster": {"groups": 10**5000}}), ValueError,
     ["from_dict: cluster.groups: (an int of 16610 bits) is out of range"]),
    (lambda: ss.Scenario.from_dict({"cluster": {"groups": 1j}}), TypeError, ["from_dict: cluster.groups must be"]),
    (lambda: ss.Scenario.from_dict({"cluster": {5: 1}}), TypeError, ["from_dict: cluster key must be a str"]),
    (lambda: ss.Scenario.from_dict({"cluster": {"layout": "\ud800"}}), ValueError, ["cluster.layout", "surrogate"]),
    (lambda: ss.Scenario.from_dict({}).with_(**{"cluster.groups": [2**70]}), ValueError,
     ["with_: cluster.groups[0]: ", "out of range"]),
    (lambda: ss.simulate(ss.Scenario.from_dict({}), progress=5), TypeError,
     ["progress must be callable", "or None", "5 (int)"]),
    (lambda: ss.sweep(ss.Scenario.from_dict({}), redundancy=(i for i in iter(int, 1))), ValueError,
     ["redundancy: more than 10000 values"]),
])
def test_conversion_messages(call, error, words):
    with pytest.raises(error) as raised:
        call()
    for word in words:
        assert word in str(raised.value)


def test_many_unknown_keys_give_a_bounded_message():
    with pytest.raises(ValueError) as error:
        ss.Scenario.from_dict({"cluster": {f"k{i}": 1 for i in range(5_000)}})
    lines = str(error.value).splitlines()
    assert len(lines) <= 60 and lines[-1].endswith("and 4950 more problems")


def test_a_million_keys_are_refused_before_the_engine_reads_them():
    with pytest.raises(ValueError) as error:
        ss.Scenario.from_dict({"cluster": {f"k{i}": 1 for i in range(10**6)}})
    assert str(error.value) == "from_dict: cluster: 1000000 keys; allowed at most 10000"
    with pytest.raises(ValueError, match=r"with_: failures\.domains: 20000 entries; allowed at most 10000"):
        ss.Scenario.from_dict({}).with_(**{"failures.domains": [{}] * 20_000})


def test_a_huge_value_is_quoted_short():
    with pytest.raises(TypeError) as error:
        ss.analyze(100, 5, mtbf_s=[0] * 10**6)
    assert str(error.value) == "mtbf_s must be a number, got [0, 0, 0, 0, 0, 0, ...] (list)"
    with pytest.raises(ValueError) as error:
        ss.analyze(100, 5, mtbf_s=10**100_000)
    assert str(error.value).startswith("mtbf_s (an int of 332193 bits) is out of range")


@pytest.mark.parametrize("value,error,words", [
    ([10**50], ValueError, ["spare_nodes (an int of 167 bits) is out of range", "allowed 0 .. 10000000"]),
    ("99999999999999999999999", ValueError, ["spare_nodes '99999999999999999999999' is out of range"]),
    ([[1]], TypeError, ["spare_nodes must be a str or a number, got [1] (list)"]),
])
def test_list_items_are_read_by_type(teaching_path, value, error, words):
    with pytest.raises(error) as raised:
        ss.sweep(teaching_path, spare_nodes=value)
    for word in words:
        assert word in str(raised.value)


def test_numpy_numbers_are_arguments(teaching_path):
    np = pytest.importorskip("numpy")
    short = ss.Scenario.load(teaching_path).with_(**{"workload.steps": 20})
    rows = ss.sweep(short, policies="spare", redundancy=np.int64(3), seeds=np.int32(1), spare_nodes=[np.int64(4)],
                    swap_s=[np.float64(300.0)]).to_dict()
    assert {(row["redundancy"], row["spare_nodes"], row["swap_s"]) for row in rows} == {(3, 4, 300.0)}
    assert ss.analyze(np.int64(100), 5, mtbf_s=np.float32(300.0)).to_dict() == ss.analyze(100, 5).to_dict()


def test_bad_scenario_keys_raise_one_input_error_with_an_issue_each(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"cluster": {"gpus_per_group": 0}, "workload": {"compute_s": 0}, "run": {"seed": -1}}')
    with pytest.raises(ss.InputError) as error:
        ss.simulate(path)
    assert isinstance(error.value, ValueError)
    issues = error.value.issues
    assert sorted(issue["key"] for issue in issues) == ["cluster.gpus_per_group", "run.seed", "workload.compute_s"]
    by_key = {issue["key"]: issue for issue in issues}
    assert by_key["cluster.gpus_per_group"]["value"] == "0"
    assert by_key["run.seed"]["value"] == "-1"
    assert all(issue["origin"] == str(path) for issue in issues)
    assert "allowed" in by_key["cluster.gpus_per_group"]["problem"]
    assert str(error.value).count("\n") == 2  # one line each


def test_a_bad_layout_file_is_an_issue_of_cluster_layout(teaching_path, tmp_path):
    layout = tmp_path / "layout.json"
    layout.write_text('{"stacks": [[0, 0], [1, 1], [2, 2]]}')
    scenario = ss.Scenario.load(teaching_path).with_(**{"cluster.groups": 3, "cluster.redundancy": 2,
                                                       "cluster.layout": str(layout), "run.policy": "spare"})
    with pytest.raises(ss.InputError) as error:
        ss.simulate(scenario)
    issues = error.value.issues
    assert len(issues) == 3
    assert {issue["key"] for issue in issues} == {"cluster.layout"}
    assert [issue["value"] for issue in issues] == ["0", "1", "2"]
    assert all(f"layout file '{layout}': stacks[" in issue["problem"] for issue in issues)


def test_a_bad_failure_log_row_is_an_issue_at_its_line_and_column(tmp_path):
    log = tmp_path / "log.csv"
    log.write_text("time,node\n2024-01-01T00:00:00,n1\nyesterday,n2\n")
    with pytest.raises(ss.InputError) as error:
        ss.fit(log, "time")
    (issue,) = error.value.issues
    assert issue["origin"] == str(log)
    assert issue["key"] == "line 3, column 1 (time)"
    assert issue["value"] == "yesterday"
    assert "is not a time" in issue["problem"]
