"""load_campaign: a results folder or a merged file, as the DataFrame of spare-cli campaign merge's table."""

import json
import os

import pytest

import spare_studio as ss
from conftest import SCENARIOS, run_cli


def test_load_campaign(tmp_path):
    campaign = tmp_path / "tiny.json"
    campaign.write_text(json.dumps({
        "name": "tiny",
        "base": str(SCENARIOS / "teaching-12.json"),
        "grid": {"cluster.redundancy": [2, 3], "run.policy": ["spare", "rep"]},
        "replication": {"seeds": 2},
    }))
    results = tmp_path / "results"
    run_cli("campaign", "run", campaign, "--shard", "0/1", "--out", results)
    merged = tmp_path / "merged.json"
    run_cli("campaign", "merge", results, "--out", merged)
    expected = json.loads(merged.read_text())

    frame = ss.load_campaign(results)
    assert list(frame.columns) == expected["columns"]
    assert frame.to_dict(orient="records") == expected["runs"]
    assert frame.attrs["provenance"] == expected["provenance"]

    from_file = ss.load_campaign(merged)
    assert len(from_file) == len(frame) == 8
    assert list(from_file["cluster.redundancy"].astype(int)) == list(frame["cluster.redundancy"].astype(int))


@pytest.mark.parametrize("name", ["campaign.json", "shard-00001-of-00002.tsv"])
def test_a_results_folder_holding_a_fifo_is_refused(tmp_path, name):
    campaign = tmp_path / "tiny.json"
    campaign.write_text(json.dumps({"name": "tiny", "base": str(SCENARIOS / "teaching-12.json"),
                                    "grid": {"cluster.redundancy": [2]}}))
    results = tmp_path / "results"
    run_cli("campaign", "run", campaign, "--shard", "0/2", "--out", results)
    (results / name).unlink(missing_ok=True)
    os.mkfifo(results / name)
    with pytest.raises(ValueError) as error:
        ss.load_campaign(results)
    assert f"{name}: not a regular file" in str(error.value)
