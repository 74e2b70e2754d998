#!/usr/bin/env python3
"""scripts/check-layers.py on small made-up trees: it passes a clean one and fails, naming the file, on an
upward include (a cycle), an include not written from the repository root, Qt in the engine and a long file
without a reason."""
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "check-layers.py")


def check(files):
    with tempfile.TemporaryDirectory() as root:
        for tree in ("engine/base", "engine/sim", "ui/base", "ui/views"):
            os.makedirs(os.path.join(root, tree))
        for path, text in {"engine/base/Error.h": "#pragma once\n", "engine/sim/Run.h": '#include "engine/base/Error.h"\n',
                           "ui/base/Text.h": '#include "engine/sim/Run.h"\n', "ui/views/View.h": '#include "ui/base/Text.h"\n',
                           "ui/Window.h": '#include "ui/views/View.h"\n', **files}.items():
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


expect("clean tree", {}, 0, ["0 upward edges", "0 problems"])
expect("engine cycle", {"engine/base/Error.h": '#include "engine/sim/Run.h"\n'}, 1,
       ["engine/base includes engine/sim, a layer above it", "engine/base/Error.h"])
expect("ui feature reaching the window", {"ui/views/View.h": '#include "ui/Window.h"\n'}, 1,
       ["ui/views includes ui/(root), a layer above it"])
expect("include not from the root", {"ui/views/View.h": '#include "base/Text.h"\n'}, 1,
       ['ui/views/View.h: #include "base/Text.h" is not written from the repository root'])
expect("Qt in the engine", {"engine/sim/Run.h": "#include <QString>\n"}, 1,
       ["engine/sim/Run.h: includes QString; the engine has no Qt"])
expect("long file without a reason", {"engine/sim/Long.cpp": "int x;\n" * 801}, 1,
       ["engine/sim/Long.cpp: 801 lines"])
expect("long file with a reason", {"engine/sim/Long.cpp": "// Over 800 lines: a table.\n" + "int x;\n" * 800}, 0,
       ["0 problems"])
