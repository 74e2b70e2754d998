#!/usr/bin/env python3
"""A sweep from Python against the same `spare-cli sweep` (target: within 5%).

Runs spare_studio.sweep and `spare-cli sweep ... --json` with identical arguments in this process, best
of several repetitions each (wall time; the CLI's includes starting the process), and prints both and
the ratio. Also checks that both return the same rows.

  PYTHONPATH=build/release/python python3 bench/python_vs_cli_sweep.py [--cli build/release/app/spare-cli]
      [--scenario scenarios/paper-n600.json] [--redundancy 2-20] [--seeds 3] [--threads 0] [--repeats 5]
"""

import argparse
import json
import pathlib
import subprocess
import time

import spare_studio

ROOT = pathlib.Path(__file__).resolve().parents[1]


def timed(call):
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", default=str(ROOT / "build" / "release" / "app" / "spare-cli"))
    parser.add_argument("--scenario", default=str(ROOT / "scenarios" / "paper-n600.json"))
    parser.add_argument("--policies", default="spare,rep")
    parser.add_argument("--redundancy", default="2-20")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    command = [args.cli, "sweep", args.scenario, "--policies", args.policies, "--redundancy", args.redundancy,
               "--seeds", str(args.seeds), "--threads", str(args.threads), "--json"]
    scenario = spare_studio.Scenario.load(args.scenario)

    def python_sweep():
        return spare_studio.sweep(scenario, policies=args.policies, redundancy=args.redundancy, seeds=args.seeds,
                                  threads=args.threads).to_dict()

    def cli_sweep():
        return json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)

    # Alternate the two so that a change in the machine's load falls on both.
    python_s, cli_s = float("inf"), float("inf")
    for _ in range(args.repeats):
        seconds, python_rows = timed(python_sweep)
        python_s = min(python_s, seconds)
        seconds, cli_rows = timed(cli_sweep)
        cli_s = min(cli_s, seconds)
    if python_rows != cli_rows:
        raise SystemExit("python_vs_cli_sweep: the two sweeps returned different rows")
    runs = sum(row["runs"] for row in python_rows)
    print(f"sweep of {pathlib.Path(args.scenario).name}: {len(python_rows)} rows, {runs} runs, "
          f"best of {args.repeats}")
    print(f"spare-cli sweep       {cli_s:8.3f} s")
    print(f"spare_studio.sweep    {python_s:8.3f} s")
    print(f"python / cli          {python_s / cli_s:8.3f}x")


if __name__ == "__main__":
    main()
