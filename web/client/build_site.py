"""Builds the browser version, a self-contained static site: ``./build.sh web`` runs this.

    python web/client/build_site.py [--out DIR] [--zip ZIP] [--note TEXT]
    python web/client/build_site.py --net-only DIR    # net.js and its licences only (pygbag)

Into DIR (default build/web/), every file from this machine, nothing from any other host:
    index.html            our page (web/client/index.html), the build's id and file list in it,
                          its words (web/client/words.js) with each language's translations,
                          and the game for screen readers (web/client/ear.js)
    boot.py               what the page runs in Python before main.py (web/client/boot.py)
    sw.js                 the service worker: the site precached under "parlour-<build id>"
    manifest.webmanifest, icon-192.png, icon-512.png, favicon.png   installable to a home screen
    NOTICES.html, licences/   the licences of what the site ships
    net.js                the browser transport of remote seats (window.parlourNet):
                          web/net/bridge.js and Trystero, bundled by esbuild from the pinned
                          npm project web/net/
    pyodide/              Pyodide 0.27.7 (CPython 3.12.7), the five files it loads, from the
                          pinned npm package web/pyodide-client/node_modules/pyodide
    pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl, dom_pk_codes.json  (web/vendor/)
    patience-parlour.tar.gz   the game: main.py, the game package, assets/

The build id is a hash of every file's content, so a build of the same sources is the same
site, byte for byte (the archive is packed with fixed dates and owners). ``--note`` adds a line
to the notices, which makes another build id (the tests' "new version"). Standard library only.
"""

from __future__ import annotations

import argparse
import gettext
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "web" / "client"
VENDOR = ROOT / "web" / "vendor"
APP = "patience-parlour"
PYODIDE_VERSION = "0.27.7"
PYODIDE_FILES = [
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
WHEEL = "pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
WHEEL_SHA256 = "9c6aa80480c7f199dd024639fc1e1f6b4a5c5c6a7a888b11110ad17b35abdd27"
GAME = f"{APP}.tar.gz"
# what the page downloads itself (with its progress bar) and hands to Pyodide
RUNTIME = [
    "pyodide/pyodide.asm.js",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
    WHEEL,
    GAME,
    "boot.py",
    "dom_pk_codes.json",
]

# the game's message catalogues (game/core/language.py): the page's words are translated from them
LOCALE = ROOT / "game" / "locale"
DOMAIN = "parlour"
# the page's words: web/client/words.js, put whole into index.html in place of this tag
WORDS_TAG = '<script src="words.js"></script>'
WORDS_SLOT = "/*WORDS*/{}"
# the game for screen readers (window.parlourEar): web/client/ear.js, put whole into index.html
# in place of this tag, as words.js is (no file more to download, to cache, to list)
EAR_TAG = '<script src="ear.js"></script>'

NET = ROOT / "web" / "net"
# the npm packages bundled into net.js, and the licence file each one's LICENSE is shipped as
NET_LICENCES = {
    "trystero": "Trystero-MIT.txt",
    "@trystero-p2p/core": "Trystero-MIT.txt",
    "@trystero-p2p/nostr": "Trystero-MIT.txt",
    "@noble/secp256k1": "noble-secp256k1-MIT.txt",
}


class BuildError(Exception):
    pass


#: the standard library's parts the game never imports in a page, left out of the page's
#: python_stdlib.zip (issue 46: the first visit under 8 MB): tools for developers (tests,
#: docs, the debugger), processes (none in WebAssembly) and network servers and mail. What the
#: game imports is checked against this list (tests/web/test_slim_runtime.py) and the browser
#: tests play the site without them.
STDLIB_LEFT_OUT = (
    "multiprocessing/",
    "unittest/",
    "doctest.py",
    "pydoc.py",
    "pdb.py",
    "xmlrpc/",
    "wsgiref/",
    "imaplib.py",
    "mailbox.py",
)


def slim_stdlib(source: Path, target: Path) -> None:
    """Pyodide's python_stdlib.zip without STDLIB_LEFT_OUT, every other member as it was
    (its bytes, name, date and compression)."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        for info in zin.infolist():
            if not info.filename.startswith(STDLIB_LEFT_OUT):
                zout.writestr(info, zin.read(info), compress_type=info.compress_type)


def slim_lock(source: Path, target: Path) -> None:
    """Pyodide's pyodide-lock.json with its ``info`` and no packages: the page loads no
    package of Pyodide's (pygame-ce and the game are unpacked by the page itself), and the
    list of its 351 packages was 26 KB of every first visit."""
    lock = json.loads(source.read_text(encoding="utf-8"))
    target.write_text(json.dumps({"info": lock["info"], "packages": {}}), encoding="utf-8")


#: the Pyodide files the site carries changed (the others as npm has them)
SLIMMED = {"python_stdlib.zip": slim_stdlib, "pyodide-lock.json": slim_lock}


def pyodide_dir() -> Path:
    path = Path(
        os.environ.get("PARLOUR_CLIENT_PYODIDE_DIR")
        or ROOT / "web/pyodide-client/node_modules/pyodide"
    )
    package = path / "package.json"
    if not package.exists():
        raise BuildError(f"Pyodide is missing at {path}: npm ci --prefix web/pyodide-client")
    version = json.loads(package.read_text(encoding="utf-8"))["version"]
    if version != PYODIDE_VERSION:
        raise BuildError(
            f"Pyodide at {path} is {version}, the site needs {PYODIDE_VERSION}: "
            "npm ci --prefix web/pyodide-client"
        )
    return path


#: a folder holding a file of this name is the desktop app's alone (game/net/desktop/: its
#: network libraries aren't in a page): never packed (build.sh's pygbag stage skips it too)
DESKTOP_ONLY = "DESKTOP-ONLY"


def _game_members():
    """(archive name, path) of main.py, the game package, assets/: no caches, no dot-files, no
    desktop-only folder, no catalogue sources (a language whose compiled catalogue is missing or
    older than its source is a BuildError: ./build.sh web compiles them); sorted (the
    benchmarks, the testbed and the tests live outside game/: nothing of theirs is shipped)."""
    for po in sorted((ROOT / "game" / "locale").glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            raise BuildError(
                f"{mo.relative_to(ROOT)} is missing or older than its .po: "
                "./build.sh web compiles it"
            )
    out = [("assets/main.py", ROOT / "web" / "main.py")]
    for top in ("game", "assets"):
        for folder, dirs, files in os.walk(ROOT / top):
            rel = Path(folder).relative_to(ROOT).as_posix()
            dirs[:] = sorted(
                d
                for d in dirs
                if not d.startswith(".")
                and d != "__pycache__"
                and not (Path(folder) / d / DESKTOP_ONLY).exists()
            )
            for name in sorted(files):
                # .po/.pot: the catalogues' sources (the game reads the compiled .mo)
                if not name.startswith(".") and not name.endswith((".pyc", ".pyo", ".po", ".pot")):
                    out.append((f"assets/{rel}/{name}", Path(folder) / name))
    return sorted(out)


def compile_game(members) -> dict[str, bytes]:
    """The game package's modules (archive name -> bytes) compiled by the page's own CPython
    (Pyodide, run by Node: web/client/compile_pyc.mjs): the page imports them without
    compiling them first (about half of what importing the game took there), and without what
    it never reads (web/client/slim.py: the annotations of functions; -OO: the docstrings),
    each module's code checked to be its source's. main.py stays source (boot.py reads it)."""
    sources = [
        (name, path)
        for name, path in members
        if name.startswith("assets/game/") and name.endswith(".py")
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for name, path in sources:
            target = Path(tmp, name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        node = shutil.which("node")
        if node is None:
            raise BuildError(
                "Node.js is missing (it compiles the game for the page): apt-get install -y nodejs"
            )
        result = subprocess.run(
            [node, str(HERE / "compile_pyc.mjs"), str(pyodide_dir()), tmp, f"/data/data/{APP}/"],
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise BuildError(f"compiling the game for the page failed:\n{result.stderr[-2000:]}")
        return {name + "c": Path(tmp, name + "c").read_bytes() for name, _ in sources}


def pack_game(compiled: bool = True) -> bytes:
    """The game as a .tar.gz, the same bytes for the same sources (dates, owners fixed);
    ``compiled``: the game package's modules as .pyc only (compile_game)."""
    members = _game_members()
    pycs = compile_game(members) if compiled else {}
    entries = [
        (name + "c", pycs[name + "c"]) if name + "c" in pycs else (name, path)
        for name, path in members
    ]
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        dirs_done = set()
        for name, path in entries:
            parts = name.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                d = "/".join(parts[:i])
                if d not in dirs_done:
                    dirs_done.add(d)
                    info = tarfile.TarInfo(d)
                    info.type, info.mode, info.mtime = tarfile.DIRTYPE, 0o755, 0
                    tar.addfile(info)
            data = path if isinstance(path, bytes) else path.read_bytes()
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9, mtime=0, filename="") as gz:
        gz.write(raw.getvalue())
    return out.getvalue()


def bundle_net(out: Path) -> None:
    """net.js: web/net/bridge.js with Trystero, bundled by esbuild (pinned in web/net/), and
    the bundled packages' licences into out/licences/."""
    modules = Path(os.environ.get("PARLOUR_NET_MODULES") or NET / "node_modules")
    esbuild = modules / ".bin" / "esbuild"
    if not esbuild.exists() or not (modules / "trystero" / "package.json").exists():
        raise BuildError(f"Trystero and esbuild are missing at {modules}: npm ci --prefix web/net")
    result = subprocess.run(
        [
            str(esbuild),
            str(NET / "bridge.js"),
            "--bundle",
            "--format=iife",
            "--minify",
            "--target=es2020",
            "--legal-comments=none",
            "--log-level=warning",
            f"--outfile={(out / 'net.js').resolve()}",
        ],
        capture_output=True,
        text=True,
        cwd=NET,
        env={**os.environ, "NODE_PATH": str(modules)},
    )
    if result.returncode != 0 or not (out / "net.js").exists():
        raise BuildError(f"esbuild failed on web/net/bridge.js:\n{result.stdout}{result.stderr}")
    (out / "licences").mkdir(parents=True, exist_ok=True)
    for package, name in NET_LICENCES.items():
        licence = (modules / package / "LICENSE").read_bytes()
        target = out / "licences" / name
        if target.exists() and target.read_bytes() != licence:
            raise BuildError(f"{package}'s LICENSE differs from {name}: ship it apart")
        target.write_bytes(licence)


# a message of words.js: _("...") with one string literal, as Babel's JavaScript extractor
# reads it (babel.cfg); a JavaScript string's escapes are JSON's
_MESSAGE = re.compile(r'(?<![\w$.])_\(\s*"((?:[^"\\\n]|\\.)*)"\s*\)')


_COMMENT = re.compile(r"^[ \t]*//.*$", re.MULTILINE)


def page_messages(script: str) -> list[str]:
    """The messages a script of the page translates (``_("...")``, not in a comment's line), in
    order, once each."""
    out = []
    for match in _MESSAGE.finditer(_COMMENT.sub("", script)):
        message = json.loads(f'"{match.group(1)}"')
        if message not in out:
            out.append(message)
    return out


def page_languages(locale: Path = LOCALE) -> list[str]:
    """The codes with a compiled catalogue, as game/core/language.py's available() finds them
    (English is the code's own language: no catalogue)."""
    if not locale.is_dir():
        return []
    return sorted(
        p.name
        for p in locale.iterdir()
        if p.name != "en" and (p / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
    )


def page_words(messages, locale: Path = LOCALE) -> dict[str, dict[str, str]]:
    """{code: {English: translation}} of ``messages`` for every language with a compiled
    catalogue; a message it doesn't translate is left out (the page says it in English), and a
    language whose catalogue translates none of them has an empty table (the page still knows
    that the game speaks it)."""
    words = {}
    for code in page_languages(locale):
        with open(locale / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
            catalogue = gettext.GNUTranslations(f)
        words[code] = {m: said for m in messages if (said := catalogue.gettext(m)) != m}
    return words


def words_script(locale: Path = LOCALE) -> str:
    """web/client/words.js with each language's translations of its messages in place of its
    WORDS_SLOT."""
    script = (HERE / "words.js").read_text(encoding="utf-8")
    if script.count(WORDS_SLOT) != 1:
        raise BuildError(f"web/client/words.js has no {WORDS_SLOT} placeholder")
    table = json.dumps(
        page_words(page_messages(script), locale),
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )
    # inside <script>: never a "</script>" nor a line separator from a translation
    table = table.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return script.replace(WORDS_SLOT, table)


def ear_script() -> str:
    """web/client/ear.js, as it goes into index.html."""
    script = (HERE / "ear.js").read_text(encoding="utf-8")
    if "</script" in script.lower():
        raise BuildError("web/client/ear.js says </script: it would end the page's script")
    return script


def page_html(site: str, words: str, ear: str | None = None) -> str:
    """The built index.html: web/client/index.html with ``site`` (the build's id, its files:
    JSON), ``words`` (words_script) and ``ear`` (ear_script(), read when not given) in it."""
    page = (HERE / "index.html").read_text(encoding="utf-8")
    if "/*SITE*/null" not in page:
        raise BuildError("web/client/index.html has no /*SITE*/null placeholder")
    for tag in (WORDS_TAG, EAR_TAG):
        if page.count(tag) != 1:
            raise BuildError(f"web/client/index.html has no {tag}")
    ear = ear_script() if ear is None else ear
    return (
        page.replace("/*SITE*/null", site)
        .replace(WORDS_TAG, f"<script>\n{words}</script>")
        .replace(EAR_TAG, f"<script>\n{ear}</script>")
    )


def _check_wheel(path: Path) -> None:
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise BuildError(
            f"{path}: sha256 {digest}, expected {WHEEL_SHA256} "
            "(web/vendor/README.md says where the wheel comes from)"
        )


def build(out: Path, note: str = "") -> dict:
    """Build the site into ``out``; returns {"build": id, "files": {...}}.

    The site is made in a folder of its own beside ``out`` and then published into ``out``
    (``publish``): a file whose bytes did not change is not touched, a changed one is replaced
    whole, a file the new build lacks is removed. So a server (``./build.sh serve``, a test in
    another process) serving ``out`` during a rebuild never serves a half-written file, and a
    rebuild of the same sources changes nothing on disk."""
    stage = out.parent / f".{out.name}.building-{os.getpid()}"
    if stage.exists():
        shutil.rmtree(stage)
    try:
        site = _make(stage, note)
        publish(stage, out)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    return site


def publish(stage: Path, out: Path) -> None:
    """Make ``out`` hold exactly the files of ``stage`` (same filesystem), each new or changed
    file moved in with one atomic rename, unchanged ones left alone, the others removed."""
    new = {p.relative_to(stage) for p in stage.rglob("*") if p.is_file()}
    for rel in sorted(new):
        target = out / rel
        if target.is_file() and target.read_bytes() == (stage / rel).read_bytes():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(stage / rel, target)
    if out.is_dir():
        for path in sorted(out.rglob("*"), reverse=True):  # files before their folders
            rel = path.relative_to(out)
            if path.is_dir() and not path.is_symlink():
                if not any(path.iterdir()):
                    path.rmdir()
            elif rel not in new:
                path.unlink()


def _make(out: Path, note: str) -> dict:
    """Build the site into the empty folder ``out``."""
    pyodide = pyodide_dir()
    wheel = VENDOR / WHEEL
    _check_wheel(wheel)
    (out / "pyodide").mkdir(parents=True)
    (out / "licences").mkdir()
    for name in PYODIDE_FILES:
        SLIMMED.get(name, shutil.copyfile)(pyodide / name, out / "pyodide" / name)
    shutil.copyfile(wheel, out / WHEEL)
    shutil.copyfile(VENDOR / "dom_pk_codes.json", out / "dom_pk_codes.json")
    for licence in sorted((VENDOR / "licences").iterdir()):
        shutil.copyfile(licence, out / "licences" / licence.name)
    (out / GAME).write_bytes(pack_game())
    bundle_net(out)
    shutil.copyfile(HERE / "boot.py", out / "boot.py")
    shutil.copyfile(ROOT / "web" / "icon.png", out / "favicon.png")
    shutil.copyfile(ROOT / "web" / "icon.png", out / "icon-192.png")
    shutil.copyfile(HERE / "icon-512.png", out / "icon-512.png")
    shutil.copyfile(HERE / "manifest.webmanifest", out / "manifest.webmanifest")
    notices = (HERE / "NOTICES.html").read_text(encoding="utf-8")
    if note:
        notices = notices.replace("</body>", f"<p>{note}</p>\n</body>")
    (out / "NOTICES.html").write_text(notices, encoding="utf-8")

    # every file but the two that carry the build id, with its size; the id hashes them all
    files = {}
    digest = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        rel = path.relative_to(out).as_posix()
        data = path.read_bytes()
        files[rel] = len(data)
        digest.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
    for name in ("index.html", "sw.js"):
        digest.update((HERE / name).read_bytes())
    words = words_script()
    digest.update(words.encode())
    ear = ear_script()
    digest.update(ear.encode())
    build_id = digest.hexdigest()[:16]
    # the files that change from build to build, by content: a page checks what it downloads
    # against them (never a mix of two builds); the game also as itch.io un-gzips it
    sha256 = {
        name: hashlib.sha256((out / name).read_bytes()).hexdigest()
        for name in RUNTIME
        if not name.startswith("pyodide/")
    }
    ungzipped = hashlib.sha256(gzip.decompress((out / GAME).read_bytes())).hexdigest()
    site = {
        "build": build_id,
        "files": files,
        "runtime": RUNTIME,
        "wheel": WHEEL,
        "game": GAME,
        "home": f"/data/data/{APP}",
        "sha256": sha256,
        "sha256_ungzipped": {GAME: ungzipped},
    }
    text = json.dumps(site, separators=(",", ":"), sort_keys=True)
    (out / "index.html").write_text(page_html(text, words, ear), encoding="utf-8")
    worker = (HERE / "sw.js").read_text(encoding="utf-8")
    if "/*SITE*/null" not in worker:
        raise BuildError("web/client/sw.js has no /*SITE*/null placeholder")
    (out / "sw.js").write_text(worker.replace("/*SITE*/null", text), encoding="utf-8")
    return site


def zip_site(folder: Path, path: Path) -> None:
    """The site as one zip for itch.io (kind of project: HTML; index.html at the top), written
    beside ``path`` and renamed into place: never seen half-written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f".{path.name}.{os.getpid()}")
    with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as zf:
        for file in sorted(p for p in folder.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(file.relative_to(folder).as_posix(), (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, file.read_bytes())
    os.replace(part, path)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="build_site.py")
    parser.add_argument("--out", default=str(ROOT / "build" / "web"))
    parser.add_argument("--zip", default="", help="also zip the site into this file")
    parser.add_argument("--note", default="", help="a line added to NOTICES.html")
    parser.add_argument(
        "--net-only",
        default="",
        metavar="DIR",
        help="only net.js and its licences, into DIR (pygbag's page)",
    )
    args = parser.parse_args(argv)
    if args.net_only:
        try:
            bundle_net(Path(args.net_only))
        except BuildError as e:
            print(f"build.sh web: {e}", file=sys.stderr)
            return 1
        return 0
    out = Path(args.out)
    try:
        site = build(out, args.note)
    except BuildError as e:
        print(f"build.sh web: {e}", file=sys.stderr)
        return 1
    total = sum(site["files"].values())
    print(
        f"built {out}/ (build {site['build']}; {len(site['files']) + 2} files, "
        f"{total / 1e6:.1f} MB; the game {site['files'][GAME]} bytes in {GAME})"
    )
    if args.zip:
        zip_site(out, Path(args.zip))
        print(f"itch.io: upload {args.zip} (kind of project: HTML)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
