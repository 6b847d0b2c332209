#!/usr/bin/env bash
# The one entry point.
#   ./build.sh play           set up (once) and play on the desktop
#   ./build.sh test [args]    set up (once) and run every test on every core (args go to
#                             pytest); --fast: the fast lane (no browser, no namespace, nothing
#                             slow); --under-load [RUNS]: the whole suite with the cores kept busy
#   ./build.sh bench WHAT     run a benchmark script: core | frame | ai | solver | light
#                             | winnability | web | rest | memory | fuzz | session-fuzz
#                             | browser | net | remote | desktop-remote | ear (./build.sh
#                             bench lists them; add --quick; browser --site)
#   ./build.sh web [--zip]    build the browser version, a self-contained site, into build/web/;
#                             --zip also makes build/patience-parlour-web.zip for itch.io
#                             (--pygbag [--cdn URL]: pygbag's page instead, into build/pygbag/)
#   ./build.sh words [--new CODE]  extract the messages to translate into game/locale/ and bring
#                             every language's catalogue up to date (--new: start a language)
#   ./build.sh serve [PORT]   serve build/web/ on http://127.0.0.1:PORT/ (default 8000)
#   ./build.sh browser [PORT] build build/web/ and serve it as built: http://localhost:PORT/
#                             (8001)
# Needs only Python 3.11+; everything else is installed into .venv/.
set -euo pipefail
cd "$(dirname "$0")"
VENV="${VENV:-.venv}"

find_python() {
    for candidate in "${PYTHON:-}" python3 python3.14 python3.13 python3.12 python3.11 python; do
        [ -n "$candidate" ] || continue
        if command -v "$candidate" >/dev/null 2>&1 &&
           "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            echo "$candidate"; return 0
        fi
    done
    echo "build.sh: Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11+)" >&2
    return 1
}

# setup EXTRAS: make the virtual environment and install the project into it, only when
# pyproject.toml changed since the last install.
setup() {
    local extras="$1"
    if [ ! -x "$VENV/bin/python" ]; then
        "$(find_python)" -m venv "$VENV"
    fi
    local stamp="$VENV/.installed-$extras-$(cksum pyproject.toml | cut -d' ' -f1)"
    if [ ! -f "$stamp" ]; then
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e ".[$extras]"
        rm -f "$VENV"/.installed-"$extras"-*
        touch "$stamp"
    fi
}

# catalogues: every language's message catalogue compiled for the game (game/locale/<code>/
# LC_MESSAGES/parlour.po -> .mo, Babel; docs/languages.md). Quick, and only what changed.
catalogues() {
    local po
    for po in game/locale/*/LC_MESSAGES/parlour.po; do
        [ -f "$po" ] || continue
        [ "${po%.po}.mo" -nt "$po" ] ||
            "$VENV/bin/pybabel" compile --domain parlour --input-file "$po" \
                --output-file "${po%.po}.mo"
    done
}

# words [--new CODE]: the messages to translate, extracted from the game's code and the web
# page into game/locale/parlour.pot, merged into every language's catalogue (a new message
# waits there untranslated, and a test names it); --new CODE starts a language's catalogue.
words() {
    local keywords=(-k N_ -k "NP_:1c,2" -k "pgettext:1c,2" -k "npgettext:1c,2,3")
    "$VENV/bin/pybabel" extract -F babel.cfg "${keywords[@]}" --no-wrap --sort-by-file \
        --add-comments=Translators: --project "Patience Parlour" --copyright-holder "" \
        -o game/locale/parlour.pot game web/client
    if [ "${1:-}" = --new ]; then
        "$VENV/bin/pybabel" init --no-wrap -D parlour -i game/locale/parlour.pot \
            -d game/locale -l "${2:?--new needs a language code, e.g. --new it}"
    fi
    compgen -G "game/locale/*/LC_MESSAGES/parlour.po" >/dev/null || return 0
    "$VENV/bin/pybabel" update --no-wrap --no-fuzzy-matching --ignore-obsolete \
        -D parlour -i game/locale/parlour.pot -d game/locale
    catalogues
}

# net_modules: Trystero and esbuild (web/net/, pinned), for net.js in both web builds
net_modules() {
    [ -x web/net/node_modules/.bin/esbuild ] && [ -f web/net/node_modules/trystero/package.json ] ||
        npm ci --prefix web/net --no-audit --no-fund
}

# axe_modules: axe-core (tests/web/axe/, pinned; test-only, never shipped: tests/support/axe.py
# injects it into the built page). Once; a failure (no npm, no network) stops no test run: the
# axe tests then say what is missing.
axe_modules() {
    [ -f tests/web/axe/node_modules/axe-core/axe.min.js ] && return 0
    command -v npm >/dev/null 2>&1 && npm ci --prefix tests/web/axe --no-audit --no-fund ||
        echo "build.sh: npm ci --prefix tests/web/axe failed (the axe tests will fail)" >&2
}

# build_web [--zip]: the browser version, a self-contained static site in build/web/ (our page,
# Pyodide 0.27.7 from the pinned npm package, the pygame-ce wasm wheel from web/vendor/ with its
# sha256 checked, the packed game, net.js (Trystero bundled by esbuild, web/net/), a service
# worker, a manifest, the licences; docs/web.md).
# Offline and quick: web/client/build_site.py (standard-library Python; esbuild from web/net/ for
# net.js). --zip also makes build/patience-parlour-web.zip for itch.io.
build_web() {
    local zip=0
    while [ $# -gt 0 ]; do
        case "$1" in
            --zip) zip=1 ;;
            *) echo "build.sh web: unknown option $1 (pygbag's page: ./build.sh web --pygbag)" >&2
               exit 2 ;;
        esac
        shift
    done
    [ -f web/pyodide-client/node_modules/pyodide/pyodide.asm.wasm ] ||
        npm ci --prefix web/pyodide-client --no-audit --no-fund
    net_modules
    local args=()
    [ "$zip" = 1 ] && args=(--zip build/patience-parlour-web.zip)
    rm -f build/patience-parlour-web.zip
    "$(find_python)" web/client/build_site.py --out build/web ${args[@]+"${args[@]}"}
}

# build_pygbag [--zip] [--cdn URL]  (./build.sh web --pygbag ...): pygbag's page, the other web
# build (docs/web.md, "pygbag's page"), into build/pygbag/: stage exactly what the game needs
# (main.py, the game package, assets/) into a clean folder and run pygbag
# on that copy, never on the source tree (pygbag packs its whole folder and may rewrite files in
# place). Our template and icon are passed so that pygbag never waits on its CDN; `timeout`
# guards it anyway; net.js (remote seats) is added beside the page. --zip also makes
# build/patience-parlour-pygbag.zip for itch.io.
build_pygbag() {
    local zip=0 cdn=""
    while [ $# -gt 0 ]; do
        case "$1" in
            --pygbag) ;;
            --zip) zip=1 ;;
            --cdn) cdn="${2:?--cdn needs a URL ending in /}"; shift ;;
            *) echo "build.sh web --pygbag: unknown option $1" >&2; exit 2 ;;
        esac
        shift
    done
    local root app=patience-parlour out=build/pygbag
    root="$(pwd)"
    local stage="build/stage-pygbag/$app"
    rm -rf build/stage-pygbag "$out" "build/$app-pygbag.zip"
    mkdir -p "$stage"
    cp web/main.py "$stage/main.py"
    # (a folder with a DESKTOP-ONLY file is the desktop app's alone: web/client/build_site.py)
    tar -c --exclude=__pycache__ --exclude='*.py[co]' --exclude='.*' --exclude='*.po' --exclude='*.pot' \
        --exclude-tag-all=DESKTOP-ONLY game assets | tar -x -C "$stage"
    # the game's sources without what the device never reads (docstrings, comments, the
    # annotations of functions), each line where it was; slim.py refuses a module whose code
    # would differ from its source's (web/client/slim.py, docs/web.md)
    "$root/$VENV/bin/python" web/client/slim.py "$stage/game" >/dev/null || {
        echo "build.sh: web/client/slim.py refused the game's sources" >&2; exit 1; }
    # Never ask for a tap before the game starts (pygbag's ume_block): the game's sound waits for
    # the player's first click, tap or key by itself (game/ui/sound.py), and pygbag's wait for
    # "media engagement" is known to leave mobile browsers stuck at "Ready to start".
    local args=(--build --no_opt --template "$root/web/parlour.tmpl" --icon "$root/web/icon.png"
                --title "Patience Parlour" --width 1280 --height 720 --ume_block 0)
    [ -n "$cdn" ] && args+=(--cdn "$cdn")
    local guard=()
    command -v timeout >/dev/null && guard=(timeout "${PYGBAG_TIMEOUT:-300}")
    (cd build/stage-pygbag && ${guard[@]+"${guard[@]}"} "$root/$VENV/bin/python" -m pygbag \
        "${args[@]}" "$app" > pygbag.log 2>&1) || {
        echo "build.sh: pygbag failed (log: build/stage-pygbag/pygbag.log)" >&2
        tail -20 build/stage-pygbag/pygbag.log >&2; exit 1; }
    mv "$stage/build/web" "$out"
    rm -f "$out/$app.apk"  # our template loads the .tar.gz; the .apk would be dead weight
    # the transport of remote seats, as in build/web/: net.js and its licences (docs/web.md)
    net_modules
    "$(find_python)" web/client/build_site.py --net-only "$out"
    [ -f "$out/$app.tar.gz" ] && [ -f "$out/index.html" ] || {
        echo "build.sh: pygbag made no site (log: build/stage-pygbag/pygbag.log)" >&2; exit 1; }
    if [ "$zip" = 1 ]; then
        # pygbag's own --archive zips the .apk, which our page doesn't load: zip the site itself
        (cd "$out" && "$root/$VENV/bin/python" -m zipfile -c "../$app-pygbag.zip" \
            index.html favicon.png "$app.tar.gz" net.js licences)
    fi
    echo "built $out/ ($(wc -c < "$out/$app.tar.gz") bytes of game in $app.tar.gz)"
    [ "$zip" = 1 ] && echo "itch.io: upload build/$app-pygbag.zip (kind of project: HTML)"
    return 0
}

command="${1:-help}"
shift || true
case "$command" in
    play)
        setup test
        catalogues
        exec "$VENV/bin/python" -m game "$@"
        ;;
    test)
        # every test, on every core (pytest-xdist; tests sharing a module's page or site run
        # on one worker: tests/conftest.py). --fast: the fast lane, no browser, no network
        # namespace, nothing slow. --under-load [RUNS]: the whole suite RUNS times (3) with
        # every core kept busy (tools/under_load.py). Other args go to pytest (-n 0: one lane).
        # The slowest 25 tests are printed at the end, so that growth shows.
        setup test
        catalogues
        axe_modules
        lane=()
        case "${1:-}" in
            --fast) shift; lane=(-m "not browser and not network and not slow") ;;
            --under-load) shift; exec "$VENV/bin/python" tools/under_load.py "$@" ;;
        esac
        exec "$VENV/bin/python" -m pytest -n "${PARLOUR_TEST_WORKERS:-auto}" --dist loadgroup \
            --durations=25 ${lane[@]+"${lane[@]}"} "$@"
        ;;
    bench)
        setup test
        catalogues
        exec "$VENV/bin/python" -m bench "$@"
        ;;
    web)
        case " $* " in *" --pygbag "*) setup web; catalogues; build_pygbag "$@"; exit ;; esac
        setup words
        catalogues
        build_web "$@"
        ;;
    words)
        setup test
        words "$@"
        ;;
    serve)
        [ -f build/web/index.html ] || { echo "build.sh: no build/web/ yet: run ./build.sh web" >&2; exit 1; }
        port="${1:-8000}"
        echo "Patience Parlour: open http://127.0.0.1:$port/ (Ctrl+C stops the server)"
        exec "$(find_python)" -m http.server "$port" --bind 127.0.0.1 --directory build/web
        ;;
    browser)
        # ./build.sh web, then build/web/ served as built (testbed/site.py)
        setup test
        catalogues
        build_web
        exec "$VENV/bin/python" -m testbed.site "${1:-8001}"
        ;;
    *)
        sed -n '2,19p' "$0"
        [ "$command" = help ] || exit 2
        ;;
esac
