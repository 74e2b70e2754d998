"""Shared fixtures: the shipped scenarios and spare-cli (SPARE_CLI), whose --json the API must equal."""

import json
import os
import pathlib
import subprocess

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("SPARE_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
SCENARIOS = SOURCE_DIR / "scenarios"


def run_cli(*args, check=True):
    """spare-cli with the arguments; the finished process (stdout, stderr, returncode)."""
    cli = os.environ.get("SPARE_CLI")
    if not cli:
        pytest.skip("SPARE_CLI is not set (CTest sets it to the built spare-cli)")
    return subprocess.run([cli, *map(str, args)], capture_output=True, text=True, check=check)


def cli_json(*args):
    """What spare-cli prints with --json, parsed."""
    return json.loads(run_cli(*args, "--json").stdout)


@pytest.fixture
def teaching_path():
    return SCENARIOS / "teaching-12.json"


@pytest.fixture
def weibull_log():
    return SCENARIOS / "logs" / "synthetic-weibull.csv"
