#!/usr/bin/env python3
"""Checks the include graph of engine/ and ui/ against the layer table, cmake/layers.txt.

Each folder of engine/ and of ui/ is a layer (the files directly in ui/ are its top), and the table says
which layers each one uses; a file may include its own layer, the layers it uses and, through them, the
layers those use. The check fails on an include, or a forward declaration of a class, that reaches a
layer its file's layer may not use; on a table that is not a DAG written bottom to top, names a tab that
uses another tab, lists a use no file needs or misses a folder; on an engine file that includes Qt or
ui/; on a quoted include of a project file not written from the repository root ("engine/sim/Simulator.h");
and on a file of engine/ or ui/ over MAX_LINES lines whose first lines do not say why ("Over 800 lines:
<reason>"). The build runs it before compiling the engine or the GUI, and CTest runs it as `layers`.

Usage: scripts/check-layers.py [repository root]     exit 0 when the graph holds, 1 otherwise
"""
import os
import re
import sys

TABLE = "cmake/layers.txt"
TREES = ("engine", "ui")
# The files directly in a tree's folder (ui/: the window that composes the features), the line "ui:".
ROOT = "(root)"

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


def read_table(root):
    """The layer table: {tree: {layer: uses}} in the table's order, the tabs as {(tree, layer)}, problems."""
    layers = {tree: {} for tree in TREES}
    tabs = set()
    problems = []
    line_form = re.compile(r"^(%s)(?:/([a-z_]+))?( +\(tab\))? *:(.*)$" % "|".join(TREES))
    with open(os.path.join(root, TABLE)) as table:
        for number, line in enumerate(table, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            match = line_form.match(line)
            if not match:
                problems.append(f"{TABLE}:{number}: cannot read \"{line}\"; a line is FOLDER [(tab)]: LAYER...")
                continue
            tree, layer, tab, uses = match.group(1), match.group(2) or ROOT, match.group(3), match.group(4).split()
            for use in uses:
                if use not in layers[tree]:
                    problems.append(f"{TABLE}:{number}: {tree}/{layer} uses {use}, which is not a layer of {tree}/ "
                                    f"listed above it (the table is written bottom to top, so it has no cycle)")
            if layer in layers[tree]:
                problems.append(f"{TABLE}:{number}: {tree}/{layer} is listed twice")
            if tab:
                tabs.add((tree, layer))
            layers[tree][layer] = [use for use in uses if use in layers[tree]]
    for tree, layer in sorted(tabs):
        for use in layers[tree][layer]:
            if (tree, use) in tabs:
                problems.append(f"{TABLE}: the tab {tree}/{layer} uses the tab {tree}/{use}; a tab uses only the "
                                f"layers below the tabs (move what both need down)")
    return layers, tabs, problems


def reachable(uses):
    """For each layer, the layers it may use: itself, its uses and theirs."""
    closure = {}
    for layer in uses:  # the table's order: every use is already closed
        closure[layer] = {layer}.union(*(closure[use] for use in uses[layer]))
    return closure


def files_of(root, tree, layer):
    """The source files of a layer: its folder's tree, or for ROOT the files directly in `tree`."""
    if layer == ROOT:
        top = os.path.join(root, tree)
        files = [os.path.join(top, f) for f in sorted(os.listdir(top)) if os.path.isfile(os.path.join(top, f))]
    else:
        files = [os.path.join(folder, f) for folder, _, names in sorted(os.walk(os.path.join(root, tree, layer)))
                 for f in sorted(names)]
    return [f for f in files if f.endswith(SOURCES)]


# A class defined or declared at namespace scope: this code base does not indent a namespace's body.
CLASS_DEFINITION = re.compile(r"^(?:class|struct)\s+([A-Za-z_]\w*)\s*(?:final\s*)?[:{]", re.MULTILINE)
FORWARD_DECLARATION = re.compile(r"^(?:class|struct)\s+([A-Za-z_]\w*)\s*;", re.MULTILINE)


def edges(root, tree, layers):
    """{(layer, used layer): [(file, what it names)]}: each include of another layer's file and each forward
    declaration of a class that exactly one other layer defines."""
    texts = {}
    for layer in layers:
        texts[layer] = []
        for source in files_of(root, tree, layer):
            with open(source, errors="replace") as text:
                texts[layer].append((source, text.read()))
    defined_in = {}
    for layer, sources in texts.items():
        for _, text in sources:
            for name in CLASS_DEFINITION.findall(text):
                defined_in.setdefault(name, set()).add(layer)
    found = {}
    for layer, sources in texts.items():
        for source, text in sources:
            named = [(layer_of(root, tree, name), name) for bracket, name in INCLUDE.findall(text) if bracket == '"']
            named += [(next(iter(defined_in[name])), f"class {name}") for name in FORWARD_DECLARATION.findall(text)
                      if len(defined_in.get(name, ())) == 1]
            for target, what in named:
                if target and target != layer and target in layers:
                    found.setdefault((layer, target), []).append((os.path.relpath(source, root), what))
    return found


def layer_problems(root):
    """The table's own problems, folders it misses, and includes or forward declarations it does not allow."""
    table, _, problems = read_table(root)
    for tree in TREES:
        uses = table[tree]
        present = [d for d in sorted(os.listdir(os.path.join(root, tree)))
                   if os.path.isdir(os.path.join(root, tree, d)) and files_of(root, tree, d)]
        present += [ROOT] if files_of(root, tree, ROOT) else []
        for folder in present:
            if folder not in uses:
                problems.append(f"{tree}/{folder if folder != ROOT else ''}: a layer that is not in {TABLE}; add it "
                                f"with the layers it uses")
        closure = reachable(uses)
        found = edges(root, tree, [layer for layer in uses if layer in present])
        for (layer, target), where in sorted(found.items()):
            if target not in closure[layer]:
                source, what = where[0]
                places = f"{len(where)} place{'s' if len(where) > 1 else ''}"
                allowed = " ".join(uses[layer]) or "no layer"
                problems.append(f"{tree}/{layer} reaches {tree}/{target}, which it may not use ({places}, e.g. "
                                f"{source}: {what}); {TABLE} lets {tree}/{layer} use {allowed}")
        for layer in uses:
            for use in uses[layer]:
                if layer in present and (layer, use) not in found:
                    problems.append(f"{TABLE}: {tree}/{layer} lists {use}, but none of its files includes or names "
                                    f"{tree}/{use}; remove it")
    return problems


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
    problems = layer_problems(root) + engine_purity(root) + long_files(root) + unrooted_includes(root)
    for problem in problems:
        print(f"check-layers: {problem}")
    print(f"check-layers: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
