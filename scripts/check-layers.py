#!/usr/bin/env python3
"""Checks the include graph of engine/ and ui/ against their layer order.

Each folder of engine/ and of ui/ is a layer (the files directly in ui/ are its top); a file may include
its own layer and the layers below it. An include that reaches a layer above is an upward edge, and every
cycle between folders needs one. The check fails on an upward edge not listed in KNOWN_UPWARD with its
reason (a new cycle), on a listed edge that no longer exists, on an engine file that includes Qt or ui/,
on a quoted include of a project file not written from the repository root ("engine/sim/Simulator.h"),
and on a file of engine/ or ui/ over MAX_LINES lines whose first lines do not say why ("Over 800 lines:
<reason>"). The build runs it before compiling the engine or the GUI, and CTest runs it as `layers`.

Usage: scripts/check-layers.py [repository root]     exit 0 when the graph holds, 1 otherwise
"""
import os
import re
import sys

# Bottom to top. ROOT is the files directly in the tree's folder (ui/: the window that composes the
# features, its options and the command line's exports): the top of ui/.
ROOT = "(root)"
ENGINE_ORDER = ["base", "memory", "topology", "layout", "reorder", "analysis", "sim", "output", "sweep", "campaign",
                "planning", "study", "cuda"]
UI_ORDER = ["base", "charts", "playback", "models", "editor", "timeline", "views", "studio", "race", "export", "tour", "compare", "layoutlab",
            "analysis", "campaign", "planning", ROOT]

# Upward edges that exist today, and why. Remove an entry when its edge goes; add one only with a reason.
KNOWN_UPWARD = {}

MAX_LINES = 800
LONG_FILE_REASON = "Over 800 lines:"

INCLUDE = re.compile(r'^\s*#\s*include\s+([<"])([^>"]+)[>"]', re.MULTILINE)
SOURCES = (".h", ".cpp", ".cu", ".cuh")


def layer_of(root, tree, name):
    """The layer of `tree` an include names, or None (another tree, a system header)."""
    if not name.startswith(tree + "/"):
        return None
    path = name[len(tree) + 1:]
    if not os.path.exists(os.path.join(root, tree, path)):
        return None
    return path.split("/")[0] if "/" in path else ROOT


def unrooted_includes(root):
    """Quoted includes of a project file not written from the repository root ("engine/sim/Simulator.h")."""
    problems = []
    for tree in ("engine", "ui", "app", "python", "tests", "bench"):
        for folder, _, files in os.walk(os.path.join(root, tree)):
            for f in sorted(files):
                if not f.endswith(SOURCES):
                    continue
                source = os.path.join(folder, f)
                with open(source, errors="replace") as text:
                    for bracket, name in INCLUDE.findall(text.read()):
                        if bracket != '"' or os.path.exists(os.path.join(root, name)):
                            continue
                        if os.path.exists(os.path.join(folder, name)) or any(
                                os.path.exists(os.path.join(root, t, name)) for t in ("engine", "ui")):
                            problems.append(f"{os.path.relpath(source, root)}: #include \"{name}\" is not written from "
                                            f"the repository root")
    return problems


def files_of(root, tree, layer):
    """The source files of a layer: its folder's tree, or for ROOT the files directly in `tree`."""
    if layer == ROOT:
        top = os.path.join(root, tree)
        return [os.path.join(top, f) for f in sorted(os.listdir(top)) if os.path.isfile(os.path.join(top, f))]
    return [os.path.join(folder, f) for folder, _, files in sorted(os.walk(os.path.join(root, tree, layer)))
            for f in sorted(files)]


def edges(root, tree, layers):
    found = {}
    for layer in layers:
        for source in files_of(root, tree, layer):
            if not source.endswith(SOURCES):
                continue
            with open(source, errors="replace") as text:
                for bracket, name in INCLUDE.findall(text.read()):
                    if bracket != '"':
                        continue
                    target = layer_of(root, tree, name)
                    if target and target != layer and target in layers:
                        found.setdefault((layer, target), []).append(os.path.relpath(source, root))
    return found


def engine_purity(root):
    problems = []
    for folder, _, files in os.walk(os.path.join(root, "engine")):
        for f in sorted(files):
            if not f.endswith(SOURCES):
                continue
            source = os.path.join(folder, f)
            with open(source, errors="replace") as text:
                for bracket, name in INCLUDE.findall(text.read()):
                    if (bracket == "<" and re.match(r"Q[A-Za-z]", name)) or name.startswith("ui/"):
                        problems.append(f"{os.path.relpath(source, root)}: includes {name}; the engine has no Qt and no ui/")
    return problems


def long_files(root):
    problems = []
    for tree in ("engine", "ui"):
        for folder, _, files in os.walk(os.path.join(root, tree)):
            for f in sorted(files):
                if not f.endswith(SOURCES):
                    continue
                source = os.path.join(folder, f)
                with open(source, errors="replace") as text:
                    lines = text.readlines()
                if len(lines) > MAX_LINES and not any(LONG_FILE_REASON in line for line in lines[:5]):
                    problems.append(f"{os.path.relpath(source, root)}: {len(lines)} lines; split it or say why in its "
                                    f"first lines (\"// {LONG_FILE_REASON} ...\")")
    return problems


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    problems = engine_purity(root) + long_files(root) + unrooted_includes(root)
    seen_known = set()
    upward = 0
    for tree, order in (("engine", ENGINE_ORDER), ("ui", UI_ORDER)):
        present = sorted(d for d in os.listdir(os.path.join(root, tree)) if os.path.isdir(os.path.join(root, tree, d)))
        for folder in present:
            if folder not in order:
                problems.append(f"{tree}/{folder}: a folder that is not in the layer order; add it to scripts/check-layers.py")
        rank = {name: i for i, name in enumerate(order)}
        layers = [d for d in present if d in rank] + [ROOT]
        for (source, target), files in sorted(edges(root, tree, layers).items()):
            if rank[target] <= rank[source]:
                continue
            upward += 1
            key = (tree, source, target)
            if key in KNOWN_UPWARD:
                seen_known.add(key)
                continue
            problems.append(f"{tree}/{source} includes {tree}/{target}, a layer above it ({len(files)} includes, "
                            f"e.g. {files[0]}): include only layers below, or move the code")
    for key in sorted(set(KNOWN_UPWARD) - seen_known):
        problems.append(f"{key[0]}/{key[1]} -> {key[0]}/{key[2]} is listed as a known upward edge but no longer "
                        f"exists: remove it from KNOWN_UPWARD")
    for problem in problems:
        print(f"check-layers: {problem}")
    print(f"check-layers: {upward} upward edges, {len(KNOWN_UPWARD)} known; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
