#!/usr/bin/env bash
# The Python tests' fixture: `pip install .` into a new venv, as a Python user installs bopp
# (docs/embedding.md): offline (--no-index, --no-build-isolation; --system-site-packages for
# Debian's numpy, setuptools and pytest), building in this build folder (BOPP_CMAKE_BUILD_DIR:
# what the build made is copied, nothing compiled again). The tests then run with the venv's
# interpreter and no PYTHONPATH, so they import the installed package and its own plugins.
#   venv_install.sh BUILD_DIR SOURCE_DIR PYTHON
set -euo pipefail
build=$1 source=$2 python=$3
venv=$build/python-venv
unset PYTHONPATH
start=$(date +%s%N)
rm -rf "$venv"
"$python" -m venv --system-site-packages "$venv"
log=$build/python-venv.log
(cd "$source" && BOPP_CMAKE_BUILD_DIR="$build" "$venv/bin/pip" install --no-index \
    --no-build-isolation --disable-pip-version-check -q .) > "$log" 2>&1 \
    || { cat "$log"; echo "venv_install: pip install . failed" >&2; exit 1; }
echo "venv_install: bopp installed into $venv in $(( ($(date +%s%N) - start) / 1000000 )) ms"
