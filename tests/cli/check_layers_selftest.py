#!/usr/bin/env python3
"""scripts/check-layers.py on small made-up trees: it passes a clean one and fails, naming the file, on an
include or a forward declaration that reaches a layer the table does not let it use (a cycle, a sibling
tab), on a table that uses a layer below it, lets a tab use a tab, lists an unused layer or misses a folder,
on an include not written from the repository root, Qt in the engine and a long file without a reason."""
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "check-layers.py")

TABLE = """# made up
engine/base:
engine/sim: base
ui/base:
ui/views: base
ui/alpha (tab): views
ui/beta (tab): base
ui/later (tab): base
ui: alpha beta
"""
FILES = {"engine/base/Error.h": "#pragma once\n", "engine/sim/Run.h": '#include "engine/base/Error.h"\n',
         "ui/base/Text.h": '#include "engine/sim/Run.h"\n',
         "ui/views/View.h": '#include "ui/base/Text.h"\nnamespace spare {\nclass View {};\n}\n',
         "ui/alpha/Alpha.h": '#include "ui/views/View.h"\nclass Alpha {};\n',
         "ui/beta/Beta.h": '#include "ui/base/Text.h"\nclass Beta {};\n',
         "ui/Window.h": '#include "ui/alpha/Alpha.h"\n#include "ui/beta/Beta.h"\n'}


def check(files):
    with tempfile.TemporaryDirectory() as root:
        for path, text in {"cmake/layers.txt": TABLE, **FILES, **files}.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), "w") as f:
                f.write(text)
        run = subprocess.run([sys.executable, SCRIPT, root], capture_output=True, text=True)
        return run.returncode, run.stdout


def expect(name, files, code, words):
    got, out = check(files)
    assert got == code, f"{name}: exit {got}, expected {code}\n{out}"
    for word in words:
        assert word in out, f"{name}: '{word}' not in\n{out}"
    print(f"ok: {name}")


def table(old, new):
    assert old in TABLE
    return {"cmake/layers.txt": TABLE.replace(old, new)}


expect("clean tree (ui/later not there yet)", {}, 0, ["0 problems"])
expect("engine cycle", {"engine/base/Error.h": '#include "engine/sim/Run.h"\n'}, 1,
       ["engine/base reaches engine/sim, which it may not use", "engine/base/Error.h"])
expect("ui feature reaching the window", {"ui/views/View.h": '#include "ui/Window.h"\nclass View {};\n'}, 1,
       ["ui/views reaches ui/(root), which it may not use"])
expect("a tab including its sibling", {"ui/beta/Beta.h": '#include "ui/alpha/Alpha.h"\n#include "ui/base/Text.h"\n'}, 1,
       ["ui/beta reaches ui/alpha, which it may not use", "ui/beta/Beta.h: ui/alpha/Alpha.h"])
expect("a layer used through another", {"ui/alpha/Alpha.h": '#include "ui/views/View.h"\n#include "ui/base/Text.h"\n'},
       0, ["0 problems"])
expect("forward declaration of a layer above", {"ui/base/Text.h": "namespace spare {\nclass View;\n}\n"}, 1,
       ["ui/base reaches ui/views, which it may not use", "ui/base/Text.h: class View"])
expect("a table using a layer above", table("ui/base:", "ui/base: views"), 1,
       ["ui/base uses views, which is not a layer of ui/ listed above it"])
expect("a tab using a tab", table("ui/beta (tab): base", "ui/beta (tab): base alpha"), 1,
       ["the tab ui/beta uses the tab ui/alpha", "ui/beta lists alpha, but none of its files"])
expect("a listed layer no file needs", {"ui/views/View.h": "class View {};\n"}, 1,
       ["ui/views lists base, but none of its files includes or names ui/base; remove it"])
expect("a folder not in the table", {"ui/gamma/Gamma.h": "class Gamma {};\n"}, 1,
       ["ui/gamma: a layer that is not in cmake/layers.txt"])
expect("an unreadable table line", table("ui/beta (tab):", "ui/beta [tab]:"), 1, ["cannot read"])
expect("include not from the root", {"ui/views/View.h": '#include "base/Text.h"\n#include "ui/base/Text.h"\n'}, 1,
       ['ui/views/View.h: #include "base/Text.h" is not written from the repository root'])
expect("Qt in the engine", {"engine/sim/Run.h": '#include <QString>\n#include "engine/base/Error.h"\n'}, 1,
       ["engine/sim/Run.h: includes QString; the engine has no Qt"])
expect("long file without a reason", {"engine/sim/Long.cpp": "int x;\n" * 801}, 1, ["engine/sim/Long.cpp: 801 lines"])
expect("long file with a reason", {"engine/sim/Long.cpp": "// Over 800 lines: a table.\n" + "int x;\n" * 800}, 0,
       ["0 problems"])
