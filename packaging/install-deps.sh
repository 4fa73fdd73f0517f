#!/usr/bin/env bash
# Installs every build and test dependency of bopp from Debian's packages.
# Idempotent: when everything is present it only checks and returns quickly.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git clang clang-format file dpkg-dev zlib1g-dev
  libeigen3-dev libopenblas-dev liblapacke-dev
  libboost-dev libboost-filesystem-dev libboost-program-options-dev
  libtomlplusplus-dev
  nlohmann-json3-dev
  # header-only L-BFGS of bopp::nn's converged training (about 1.5 s to install)
  liblbfgspp-dev
  libnlopt-cxx-dev libnlopt-dev
  libgtest-dev libgmock-dev googletest
  libmujoco-dev
  libbenchmark-dev
  # benchmark only: bench/host/optuna_comparison.py times Optuna's RandomSampler against bopp run
  python3-optuna
  libbox2d-dev
  libopenmpi-dev openmpi-bin
  gnuplot-nox
  # tests only: the HTML report opened in headless Chromium (tests/host/report/browser_report_test.cpp);
  # about 45 s to install with its 24 packages
  chromium
  python3 python3-sklearn
  # the Python module (python/) and its tests; mypy checks its types (tests/python/test_examples.py),
  # python3-venv makes the venv that `pip install .` is tested in (tests/packaging/pip_test.sh)
  pybind11-dev python3-dev python3-numpy python3-pytest python3-mypy python3-venv python3-pip
  python3-setuptools python3-wheel
  # tests only: bopp.read_run(...).to_pandas() (tests/python/test_records.py)
  python3-pandas
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
