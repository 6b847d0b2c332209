// The game's modules compiled for the page's own CPython, at build time (build_site.py):
//     node compile_pyc.mjs PYODIDE_DIR FOLDER PREFIX
// Pyodide (the site's, run by Node) compiles every FOLDER/**/*.py into FOLDER/**/*.pyc beside
// it: sourceless (the page ships the .pyc alone), without what the device never reads (the
// annotations of functions and their local variables: web/client/slim.py's compile_slim, which
// stops the build if a module's code would differ from its source's beyond them; the
// docstrings: -OO, the game reads none), no column tables (-X no_debug_ranges: tracebacks keep
// their line numbers, the source's own), the header a hash of the source (the same bytes for
// the same source), the file named in tracebacks PREFIX + its path under FOLDER (where the
// page unpacks it).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, folder, prefix] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", args: ["-X", "no_debug_ranges"],
                               stdout: () => {}, stderr: (m) => console.error(m) });
py.FS.mkdirTree("/mnt/game");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/mnt/game");
py.globals.set("PREFIX", prefix);
py.globals.set("SLIM", readFileSync(path.join(here, "slim.py"), "utf-8"));
try {
    py.runPython(`
import os, sys, types
assert sys.flags.optimize == 0 and sys._xoptions.get("no_debug_ranges")
slim = types.ModuleType("slim")
sys.modules["slim"] = slim
exec(compile(SLIM, "web/client/slim.py", "exec"), slim.__dict__)
for folder, dirs, files in os.walk("/mnt/game"):
    for name in files:
        if name.endswith(".py"):
            source = os.path.join(folder, name)
            rel = os.path.relpath(source, "/mnt/game")
            with open(source, "rb") as f:
                data = f.read()
            with open(source + "c", "wb") as f:
                f.write(slim.pyc(data, PREFIX + rel, optimize=2))
`);
} catch (e) {  // Python's traceback alone (slim.SlimError: a module that would differ)
    console.error(e.message);
    process.exit(1);
}
