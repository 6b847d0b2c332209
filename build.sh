#!/usr/bin/env bash
# The one entry point.
#   ./build.sh play           set up (once) and play on the desktop
#   ./build.sh test [args]    set up (once) and run every test (args go to pytest)
#   ./build.sh bench WHAT     run a benchmark script: core | frame | ai | solver (add --quick)
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

command="${1:-help}"
shift || true
case "$command" in
    play)
        setup test
        exec "$VENV/bin/python" -m game "$@"
        ;;
    test)
        setup test
        exec "$VENV/bin/python" -m pytest "$@"
        ;;
    bench)
        setup test
        exec "$VENV/bin/python" -m game.bench "$@"
        ;;
    *)
        sed -n '2,7p' "$0"
        [ "$command" = help ] || exit 2
        ;;
esac
