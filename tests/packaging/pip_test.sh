#!/usr/bin/env bash
# `pip wheel .` as a Python user builds a wheel (docs/embedding.md): offline (--no-index,
# --no-build-isolation, with Debian's setuptools and wheel), building in this build folder
# (BOPP_CMAKE_BUILD_DIR: nothing is compiled again). The wheel holds the package, the compiled
# module and every plugin. (`pip install .` into a venv is the Python tests' fixture,
# tests/python/venv_install.sh.)
#   pip_test.sh BUILD_DIR SOURCE_DIR PYTHON
set -euo pipefail
build=$1 source=$2 python=$3
packaging_test=packaging_pip
source "$(dirname "$0")/packaging_test.sh"
unset PYTHONPATH

step "pip wheel ."
(cd "$source" && BOPP_CMAKE_BUILD_DIR="$build" "$python" -m pip wheel --no-index \
    --no-build-isolation --no-deps --disable-pip-version-check -q -w "$work/wheels" .) \
    > "$work/wheel.log" 2>&1 || { cat "$work/wheel.log"; fail "pip wheel ."; }
wheel=$(ls "$work"/wheels/bopp-*.whl)
listing=$("$python" -m zipfile -l "$wheel")
for f in bopp/__init__.py bopp/_bopp.pyi bopp/py.typed bopp/plugins/libbopp-gpbo.so \
         bopp/plugins/libbopp-box.so; do
  grep -q "^$f " <<< "$listing" || fail "the wheel $(basename "$wheel") lacks $f"
done
grep -q "^bopp/_bopp\.cpython-.*\.so " <<< "$listing" || fail "the wheel lacks the module"
echo "packaging_pip: passed ($(basename "$wheel"))"
