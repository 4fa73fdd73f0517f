#!/usr/bin/env bash
# Packaging as a plugin author meets it (house rule 10, docs/architecture.md): install this
# build into a temporary prefix, build the installed templates (share/bopp/templates/{algorithm,
# objective}, from packaging/example-plugin/) and minimal plugins (share/bopp/examples/plugins/{c,cpp})
# out of tree against the installed package alone, drop them into a folder named by BOPP_PLUGIN_PATH, and run
# them with the installed bopp, which is neither rebuilt nor changed; and build a stripped C
# objective with clang against the installed abi.h alone, run under every evaluator.
#   out_of_tree_test.sh BUILD_DIR SOURCE_DIR CMAKE CXX_COMPILER
set -euo pipefail
build=$1 source=$2 cmake=$3 cxx=$4
packaging_test=packaging_out_of_tree
source "$(dirname "$0")/packaging_test.sh"
identity() { echo "$(sha256sum < "$1" | cut -d' ' -f1) $(stat -c %Y "$1")"; }

host="$build/bin/bopp"
[ -x "$host" ] || fail "$host does not exist; build the project before ctest"
host_before=$(identity "$host")

install_prefix "$build" "$cmake"
bopp=$prefix/bin/bopp
for f in bin/bopp lib/bopp/plugins/libbopp-random.so include/bopp/abi.h include/bopp/ext/pending_asks.h \
         include/bopp/plugin.hpp \
         lib/cmake/bopp/boppConfig.cmake lib/cmake/bopp/boppConfigVersion.cmake \
         lib/cmake/bopp/BoppAddPlugin.cmake lib/cmake/bopp/bopp_plugin_exports.map \
         share/bopp/examples/quickstart.toml share/bopp/examples/branin-random.toml \
         share/bopp/examples/compare-random-gpbo.toml share/bopp/templates/README.md \
         share/bopp/templates/algorithm/CMakeLists.txt share/bopp/templates/objective/CMakeLists.txt \
         share/bopp/examples/plugins/c/CMakeLists.txt share/bopp/examples/plugins/c/minimal_c_objective.c \
         share/bopp/examples/plugins/cpp/CMakeLists.txt share/bopp/examples/plugins/cpp/minimal_cpp_algorithm.cpp; do
  [ -e "$prefix/$f" ] || fail "the install lacks $f"
done
installed_before=$(identity "$bopp")

# The version file speaks the ABI: major 1 (the examples ask for 1.0) is found, another major
# or a newer minor is not.
abi_major=$(sed -n 's/^#define BOPP_ABI_MAJOR \([0-9]*\)$/\1/p' "$prefix/include/bopp/abi.h")
abi_minor=$(sed -n 's/^#define BOPP_ABI_MINOR \([0-9]*\)$/\1/p' "$prefix/include/bopp/abi.h")
version_check() {  # REQUESTED found|not-found
  # LANGUAGES NONE keeps it quick: the version file decides before the config (and its
  # dependencies) is read, and bopp_VERSION is set only when it accepted the request.
  local dir=$work/version-$1
  mkdir -p "$dir"
  printf 'cmake_minimum_required(VERSION 3.25)\nproject(v LANGUAGES NONE)\nfind_package(bopp %s QUIET)\nmessage(STATUS "bopp-version [${bopp_VERSION}]")\n' "$1" > "$dir/CMakeLists.txt"
  local out
  out=$("$cmake" -S "$dir" -B "$dir/build" -DCMAKE_PREFIX_PATH="$prefix" 2>&1) || fail "configure asking bopp $1: $out"
  if [ "$2" = found ]; then
    grep -qF "bopp-version [$abi_major.$abi_minor]" <<< "$out" || fail "find_package(bopp $1) did not accept ABI $abi_major.$abi_minor: $out"
  else
    grep -qF "bopp-version []" <<< "$out" || fail "find_package(bopp $1) accepted ABI $abi_major.$abi_minor: $out"
  fi
}
step "find_package(bopp VERSION) follows the ABI $abi_major.$abi_minor"
version_check "$abi_major" found
version_check "$abi_major.$abi_minor" found
version_check "$((abi_major + 1))" not-found
version_check "$abi_major.$((abi_minor + 1))" not-found

mkdir -p "$work/plugins"
for kind in algorithm objective; do
  step "build the installed template $kind out of tree"
  "$cmake" -S "$prefix/share/bopp/templates/$kind" -B "$work/build-$kind" \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
      > "$work/configure-$kind.log" 2>&1 || { cat "$work/configure-$kind.log"; fail "configure $kind"; }
  grep -q "^bopp_DIR:PATH=$prefix/" "$work/build-$kind/CMakeCache.txt" \
      || fail "$kind found another bopp: $(grep '^bopp_DIR' "$work/build-$kind/CMakeCache.txt")"
  "$cmake" --build "$work/build-$kind" -j2 > "$work/build-$kind.log" 2>&1 \
      || { cat "$work/build-$kind.log"; fail "build $kind"; }
  module=$work/build-$kind/plugins/libbopp-example_$kind.so
  [ -f "$module" ] || fail "bopp_add_plugin did not put $module in build/plugins"
  exports=$(nm -D --defined-only "$module" | awk '{print $3}')
  [ "$exports" = bopp_plugin_manifest ] || fail "$module exports: $exports"
  cp "$module" "$work/plugins/"
done

for language in c cpp; do
  step "build the installed minimal plugin in $language (docs/abi.md) out of tree"
  "$cmake" -S "$prefix/share/bopp/examples/plugins/$language" -B "$work/build-minimal-$language" \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
      > "$work/configure-minimal-$language.log" 2>&1 \
      || { cat "$work/configure-minimal-$language.log"; fail "configure minimal $language"; }
  "$cmake" --build "$work/build-minimal-$language" -j2 > "$work/build-minimal-$language.log" 2>&1 \
      || { cat "$work/build-minimal-$language.log"; fail "build minimal $language"; }
  module=$work/build-minimal-$language/plugins/libbopp-minimal_$language.so
  [ -f "$module" ] || fail "the minimal plugin in $language did not build $module"
  cp "$module" "$work/plugins/"
done

export BOPP_PLUGIN_PATH=$work/plugins
unset BOPP_ALLOW_INSECURE_PLUGINS
step "bopp list (installed bopp, examples on BOPP_PLUGIN_PATH)"
list=$("$bopp" list)
echo "$list"
grep -q "shrinking_lhs .*1\.0\.0" <<< "$list" || fail "bopp list does not show shrinking_lhs 1.0.0"
grep -q "from example_algorithm 1\.0\.0 ($work/plugins/libbopp-example_algorithm.so)" <<< "$list" \
    || fail "bopp list does not show example_algorithm's library"
grep -q "example_styblinski_tang .*1\.0\.0" <<< "$list" || fail "bopp list does not show example_styblinski_tang"
grep -q "from random .*($prefix/lib/bopp/plugins/libbopp-random.so)" <<< "$list" \
    || fail "the installed bopp does not find its own plugins in $prefix/lib/bopp/plugins"
grep -q "minimal_c_sphere" <<< "$list" || fail "bopp list does not show the installed minimal C objective"
# The C objective reads its two parameters through the typed configuration (docs/abi.md):
# |2.5 - 1.5|^4 + |-0.5 - 1.5|^4 = 1 + 16.
value=$(echo "2.5,-0.5" | "$bopp" eval minimal_c_sphere --set shift=1.5 --set power=4 --points -)
[ "$value" = 17 ] || fail "minimal_c_sphere with shift 1.5 and power 4 gave '$value', expected 17"
! grep -q "Broken" <<< "$list" || fail "bopp list shows broken libraries"
grep -q "$work/plugins" <<< "$("$bopp" list --paths)" || fail "bopp list --paths does not show BOPP_PLUGIN_PATH"

step "bopp run: example algorithm on example objective"
cat > "$work/example.toml" <<TOML
[run]
seed = 11
budget = 40
batch = 4
[objective]
name = "example_styblinski_tang"
dim = 3
[algorithm]
name = "shrinking_lhs"
shrink = 0.6
TOML
"$bopp" run "$work/example.toml" --output "$work/run-example" --no-sync
run_json=$work/run-example/run.json
grep -q '"status": *"completed"' "$run_json" || fail "the run did not complete: $(cat "$run_json")"
for want in '"library": *"example_algorithm"' '"library": *"example_objective"' '"library_version": *"1.0.0"' '"version": *"1.0.0"'; do
  grep -q "$want" "$run_json" || fail "run.json lacks $want"
done
[ "$(wc -l < "$work/run-example/evaluations.jsonl")" -eq 40 ] || fail "expected 40 evaluations"

step "the installed quick start (a bench of gpbo and random) and example experiment"
(cd "$work" && "$bopp" bench "$prefix/share/bopp/examples/quickstart.toml" --output "$work/bench-quickstart" \
    --no-sync --jobs 2)
[ "$(grep -c '"status": *"completed"' "$work/bench-quickstart/index.json")" -eq 20 ] \
    || fail "the quick start did not complete its 20 runs: $(cat "$work/bench-quickstart/index.json")"
"$bopp" report "$work/bench-quickstart" > "$work/quickstart-table.md"
grep -q '^| gpbo ' "$work/quickstart-table.md" && grep -q '^| random ' "$work/quickstart-table.md" \
    || fail "the quick start's report lacks a row: $(cat "$work/quickstart-table.md")"
(cd "$work" && "$bopp" run "$prefix/share/bopp/examples/branin-random.toml" --output "$work/run-branin-random" --no-sync)
grep -q '"status": *"completed"' "$work/run-branin-random/run.json" || fail "the example experiment did not complete"
printf '[run]\nbudget = 12\n[objective]\nname = "branin"\n[algorithm]\nname = "shrinking_lhs"\n' > "$work/mixed.toml"
"$bopp" run "$work/mixed.toml" --output "$work/run-mixed" --no-sync
grep -q '"status": *"completed"' "$work/run-mixed/run.json" || fail "shrinking_lhs on the installed branin did not complete"

step "a closed-source objective: plain C, built by clang against the installed abi.h alone, stripped"
# What a vendor ships: one .so from another compiler, no symbols but the entry point, no SDK
# build files. It runs under every evaluator with the same values.
command -v clang > /dev/null || fail "clang is not installed (packaging/install-deps.sh installs it)"
mkdir -p "$work/closed"
clang -std=c11 -O2 -fPIC -shared -fvisibility=hidden -Wall -Wextra -Werror \
    -I"$prefix/include" "$prefix/share/bopp/examples/plugins/c/minimal_c_objective.c" \
    -o "$work/closed/libbopp-closed.so" -lm || fail "clang could not build the C objective"
strip --strip-all "$work/closed/libbopp-closed.so"
! readelf -S "$work/closed/libbopp-closed.so" | grep -q '\.symtab' || fail "strip left a symbol table"
[ "$(nm -D --defined-only "$work/closed/libbopp-closed.so" | awk '{print $3}')" = bopp_plugin_manifest ] \
    || fail "the stripped objective exports more than bopp_plugin_manifest"
grep -q "clang" <(readelf -p .comment "$work/closed/libbopp-closed.so" 2>/dev/null) \
    || fail "the objective was not built by clang"
for kind in serial threads processes; do
  printf '[run]\nseed = 5\nbudget = 12\nbatch = 4\n[objective]\nname = "minimal_c_sphere"\nshift = 0.25\n[algorithm]\nname = "random"\n[evaluator]\nkind = "%s"\n' "$kind" > "$work/closed-$kind.toml"
  [ "$kind" = serial ] || printf 'workers = 2\n' >> "$work/closed-$kind.toml"
  BOPP_PLUGIN_PATH=$work/closed "$bopp" run "$work/closed-$kind.toml" --output "$work/run-closed-$kind" --no-sync \
      > /dev/null || fail "the clang-built objective did not run under the $kind evaluator"
  grep -q '"status": *"completed"' "$work/run-closed-$kind/run.json" || fail "$kind: the run did not complete"
  # The points and values of each evaluation, without the wall-clock fields.
  grep -o '"x":[^]]*\],"y":[^,}]*' "$work/run-closed-$kind/evaluations.jsonl" > "$work/closed-$kind.values"
  [ "$(wc -l < "$work/closed-$kind.values")" -eq 12 ] || fail "$kind: expected 12 evaluations"
done
for kind in threads processes; do
  cmp -s "$work/closed-serial.values" "$work/closed-$kind.values" \
      || fail "the $kind evaluator's values differ from serial's: $(diff "$work/closed-serial.values" "$work/closed-$kind.values" | head -4)"
done

step "the host was not rebuilt"
[ "$(identity "$host")" = "$host_before" ] || fail "$host changed (hash or mtime)"
[ "$(identity "$bopp")" = "$installed_before" ] || fail "$bopp changed (hash or mtime)"
echo "packaging_out_of_tree: ok"
