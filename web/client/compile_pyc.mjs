// The game's modules compiled for the page's own CPython, at build time (build_site.py):
//     node compile_pyc.mjs PYODIDE_DIR FOLDER PREFIX
// Pyodide (the site's, run by Node) compiles every FOLDER/**/*.py into FOLDER/**/*.pyc beside
// it: sourceless (the page ships the .pyc alone), docstrings left out (-OO: the game reads
// none), no column tables (-X no_debug_ranges: tracebacks keep their line numbers), the
// header a hash of the source (the same bytes for the same source), the file named in
// tracebacks PREFIX + its path under FOLDER (where the page unpacks it).
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, folder, prefix] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", args: ["-X", "no_debug_ranges"],
                               stdout: () => {}, stderr: (m) => console.error(m) });
py.FS.mkdirTree("/mnt/game");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/mnt/game");
py.globals.set("PREFIX", prefix);
py.runPython(`
import os, sys, py_compile
assert sys.flags.optimize == 0 and sys._xoptions.get("no_debug_ranges")
for folder, dirs, files in os.walk("/mnt/game"):
    for name in files:
        if name.endswith(".py"):
            source = os.path.join(folder, name)
            rel = os.path.relpath(source, "/mnt/game")
            py_compile.compile(source, cfile=source + "c", dfile=PREFIX + rel, doraise=True,
                               optimize=2,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
