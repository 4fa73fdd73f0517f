#!/usr/bin/env bash
# The Python package as a Python user meets it (docs/embedding.md): `pip install .` into a new
# venv, offline (--no-index, --no-build-isolation; --system-site-packages for Debian's numpy and
# setuptools), building in this build folder (BOPP_CMAKE_BUILD_DIR: nothing is compiled again).
# The installed package holds the module and every plugin and finds them with no environment
# variable; the Python tests pass with the venv's interpreter; `pip wheel .` gives a wheel
# holding the same files.
#   pip_test.sh BUILD_DIR SOURCE_DIR PYTHON
set -euo pipefail
build=$1 source=$2 python=$3
packaging_test=packaging_pip
source "$(dirname "$0")/packaging_test.sh"
unset PYTHONPATH BOPP_PLUGIN_PATH BOPP_ALLOW_INSECURE_PLUGINS
pip_offline=(--no-index --no-build-isolation --disable-pip-version-check -q)

step "$python -m venv --system-site-packages, pip install ."
"$python" -m venv --system-site-packages "$work/venv"
(cd "$source" && BOPP_CMAKE_BUILD_DIR="$build" "$work/venv/bin/pip" install "${pip_offline[@]}" .) \
    > "$work/pip.log" 2>&1 || { cat "$work/pip.log"; fail "pip install ."; }

step "the installed package finds its own plugins"
(cd "$work" && "$work/venv/bin/python" - "$work/venv") <<'PY' || fail "the installed package"
import os, sys
import numpy as np
import bopp
venv = os.path.realpath(sys.argv[1])
package = os.path.dirname(os.path.realpath(bopp.__file__))
assert package.startswith(venv + os.sep), f"bopp imported from {package}, not the venv"
plugins = bopp.list_plugins()
names = {p["name"] for p in plugins}
assert {"gpbo", "random", "branin", "box"} <= names, names
outside = [p["path"] for p in plugins if not p["path"].startswith(os.path.join(package, "plugins"))]
assert not outside, outside
opt = bopp.Optimizer("gpbo", objective_info="branin", seed=1, config={"initial_points": 3})
for _ in range(4):
    X = opt.ask()
    opt.tell(X, opt.evaluate(X))
print(opt, opt.best.y)
PY

step "the Python tests with the venv's interpreter"
(cd "$work" && BOPP_TEST_PROGRAM="$build/bin/bopp" BOPP_TEST_BROKEN_PLUGIN_DIR="$build/test-plugins" \
    PYTHONDONTWRITEBYTECODE=1 "$work/venv/bin/python" -m pytest -q -p no:cacheprovider \
    "$source/tests/python") || fail "the Python tests"

step "pip wheel ."
(cd "$source" && BOPP_CMAKE_BUILD_DIR="$build" "$work/venv/bin/pip" wheel "${pip_offline[@]}" \
    --no-deps -w "$work/wheels" .) > "$work/wheel.log" 2>&1 || { cat "$work/wheel.log"; fail "pip wheel ."; }
wheel=$(ls "$work"/wheels/bopp-*.whl)
listing=$("$python" -m zipfile -l "$wheel")
for f in bopp/__init__.py bopp/py.typed bopp/plugins/libbopp-gpbo.so bopp/plugins/libbopp-box.so; do
  grep -q "^$f " <<< "$listing" || fail "the wheel $(basename "$wheel") lacks $f"
done
grep -q "^bopp/_bopp\.cpython-.*\.so " <<< "$listing" || fail "the wheel lacks the module"
echo "packaging_pip: passed ($(basename "$wheel"))"
