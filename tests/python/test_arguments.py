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
