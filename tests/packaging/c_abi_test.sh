#!/usr/bin/env bash
# A plugin in C as its author meets it (docs/writing-a-plugin.md, "A plugin in C"): install this
# build into a temporary prefix and build the installed minimal C objective
# (share/bopp/examples/plugins/c) out of tree, in its own project of LANGUAGES C, through
# find_package(bopp COMPONENTS abi) and bopp_add_plugin(), with every dependency of the full
# package hidden from CMake. The module must need nothing but libc and libm (readelf -d), export
# one symbol, and run in the installed bopp.
#   c_abi_test.sh BUILD_DIR CMAKE C_COMPILER
set -euo pipefail
build=$1 cmake=$2 cc=$3
packaging_test=packaging_c_abi
source "$(dirname "$0")/packaging_test.sh"

install_prefix "$build" "$cmake"
for f in include/bopp/abi.h include/bopp/ext/pending_asks.h lib/cmake/bopp/bopp-abi-targets.cmake \
         share/bopp/examples/plugins/c/CMakeLists.txt share/bopp/examples/plugins/c/minimal_c_objective.c; do
  [ -e "$prefix/$f" ] || fail "the install lacks $f"
done

# The C++ side of the package reads these; the C route must read none of them.
hidden=()
for package in Eigen3 tomlplusplus nlohmann_json Threads Boost MPI NLopt; do
  hidden+=("-DCMAKE_DISABLE_FIND_PACKAGE_$package=ON")
done

step "the hidden dependencies are hidden: find_package(bopp) without COMPONENTS abi fails"
mkdir -p "$work/full"
printf 'cmake_minimum_required(VERSION 3.25)\nproject(full LANGUAGES C)\nfind_package(bopp 1 REQUIRED)\n' \
    > "$work/full/CMakeLists.txt"
if "$cmake" -S "$work/full" -B "$work/full/build" -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_PREFIX_PATH="$prefix" "${hidden[@]}" > "$work/configure-full.log" 2>&1; then
  cat "$work/configure-full.log"
  fail "find_package(bopp) found the full package with its dependencies hidden: the check below proves nothing"
fi

step "build the installed C objective: project(LANGUAGES C), find_package(bopp COMPONENTS abi)"
grep -q "LANGUAGES C)" "$prefix/share/bopp/examples/plugins/c/CMakeLists.txt" \
    || fail "the installed C example is not a project of LANGUAGES C"
# --no-as-needed: NEEDED then lists every library the route links, used or not, as clang's
# default does; gcc's --as-needed would hide a C++ library that the route links in vain.
"$cmake" -S "$prefix/share/bopp/examples/plugins/c" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_PREFIX_PATH="$prefix" "${hidden[@]}" \
    -DCMAKE_MODULE_LINKER_FLAGS=-Wl,--no-as-needed \
    > "$work/configure.log" 2>&1 || { cat "$work/configure.log"; fail "configure"; }
grep -q "^bopp_DIR:PATH=$prefix/" "$work/build/CMakeCache.txt" \
    || fail "found another bopp: $(grep '^bopp_DIR' "$work/build/CMakeCache.txt")"
! grep -q "^CMAKE_CXX_COMPILER:" "$work/build/CMakeCache.txt" || fail "the C project enabled C++"
"$cmake" --build "$work/build" > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "build"; }
module=$work/build/plugins/libbopp-minimal_c.so
[ -f "$module" ] || fail "bopp_add_plugin did not put $module in build/plugins"

step "NEEDED of $module: libc and libm only (and the loader)"
needed=$(readelf -d "$module" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p')
echo "$needed"
[ -n "$needed" ] || fail "readelf -d lists no NEEDED entry at all: $(readelf -d "$module")"
while read -r library; do
  [[ $library =~ ^(libc|libm)\.so\.[0-9]+$ || $library =~ ^ld-linux[-a-z0-9_.]*\.so\.[0-9]+$ ]] \
      || fail "$module needs $library; a plugin in C needs nothing but libc and libm"
done <<< "$needed"
exports=$(nm -D --defined-only "$module" | awk '{print $3}')
[ "$exports" = bopp_plugin_manifest ] || fail "$module exports: $exports"

step "the installed bopp runs it"
mkdir -p "$work/plugins"
cp "$module" "$work/plugins/"
export BOPP_PLUGIN_PATH=$work/plugins
unset BOPP_ALLOW_INSECURE_PLUGINS
# |2.5 - 1.5|^4 + |-0.5 - 1.5|^4 = 1 + 16.
value=$(echo "2.5,-0.5" | "$prefix/bin/bopp" eval minimal_c_sphere --set shift=1.5 --set power=4 --points -)
[ "$value" = 17 ] || fail "minimal_c_sphere with shift 1.5 and power 4 gave '$value', expected 17"
echo "packaging_c_abi: ok"
