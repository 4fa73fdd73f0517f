#!/usr/bin/env bash
# Embedding as a C++ programmer meets it (docs/embedding.md): install this build into a
# temporary prefix, build the installed example examples/embed (find_package(bopp),
# bopp::host) out of tree against it, and run its ask/tell loop on the installed plugins; the
# installed Python module (when built) finds the same plugins.
#   embed_test.sh BUILD_DIR CMAKE CXX_COMPILER
set -euo pipefail
build=$1 cmake=$2 cxx=$3
packaging_test=packaging_embed
source "$(dirname "$0")/packaging_test.sh"

install_prefix "$build" "$cmake"
for f in include/bopp/host/embed/optimizer.hpp lib/libbopp_host.a share/bopp/examples/embed/CMakeLists.txt; do
  [ -e "$prefix/$f" ] || fail "the install lacks $f"
done

step "build the installed examples/embed out of tree"
"$cmake" -S "$prefix/share/bopp/examples/embed" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" > "$work/configure.log" 2>&1 \
    || { cat "$work/configure.log"; fail "configure"; }
grep -q "^bopp_DIR:PATH=$prefix/" "$work/build/CMakeCache.txt" \
    || fail "found another bopp: $(grep '^bopp_DIR' "$work/build/CMakeCache.txt")"
"$cmake" --build "$work/build" -j2 > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "build"; }

unset BOPP_PLUGIN_PATH BOPP_ALLOW_INSECURE_PLUGINS
for algorithm in gpbo random; do
  step "embed_loop $algorithm (the installed plugins)"
  out=$("$work/build/embed_loop" "$algorithm") || fail "embed_loop $algorithm exited non-zero: $out"
  echo "$out"
  grep -q "^$algorithm: 16 points told, best value " <<< "$out" || fail "unexpected output: $out"
done
step "the installed Python module finds the installed plugins"
python=${BOPP_TEST_PYTHON:-/usr/bin/python3}
if [ -x "$python" ] && [ -d "$prefix/lib/python3/dist-packages/bopp" ]; then
  out=$(cd "$work" && PYTHONPATH="$prefix/lib/python3/dist-packages" "$python" -c '
import bopp
opt = bopp.Optimizer("random", objective_info=bopp.Box([0, 0], [1, 1]), seed=1)
X = opt.ask(3)
opt.tell(X, (X ** 2).sum(axis=1))
print(opt.told, bopp.describe("random")["path"])
') || fail "the installed module: $out"
  [ "$out" = "3 $prefix/lib/bopp/plugins/libbopp-random.so" ] || fail "the installed module printed: $out"
fi
step "an unknown algorithm is one line naming it"
if out=$("$work/build/embed_loop" no_such_method 2>&1); then fail "embed_loop no_such_method succeeded"; fi
grep -q "no_such_method" <<< "$out" || fail "the error does not name the algorithm: $out"
echo "packaging_embed: ok"
