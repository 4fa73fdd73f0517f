#!/usr/bin/env bash
# Packaging as a Debian user meets it: `cpack -G DEB` and `cpack -G TGZ` in the build folder,
# the packages' Depends, and the quick start run from the extracted .debs (dpkg-deb -x into a
# temporary root: the bopp there finds its plugins in <root>/usr/lib/bopp/plugins).
#   deb_test.sh BUILD_DIR SOURCE_DIR CPACK VERSION
set -euo pipefail
build=$1 source=$2 cpack=$3 version=$4
packaging_test=packaging_deb
source "$(dirname "$0")/packaging_test.sh"
for tool in dpkg-deb dpkg-shlibdeps; do
  command -v $tool > /dev/null || fail "$tool not found (Debian package dpkg-dev)"
done

step "cpack -G DEB;TGZ in $build"
(cd "$build" && "$cpack" -G "DEB;TGZ" -B "$work/out") > "$work/cpack.log" 2>&1 \
    || { cat "$work/cpack.log"; fail "cpack"; }
arch=$(dpkg --print-architecture)
deb=$work/out/bopp_${version}_$arch.deb
dev=$work/out/bopp-dev_${version}_$arch.deb
tgz=$(ls "$work"/out/bopp-"$version"-*.tar.gz)
for f in "$deb" "$dev" "$tgz"; do [ -f "$f" ] || fail "cpack did not make $f: $(ls "$work/out")"; done

step "Depends"
depends=$(dpkg-deb -f "$deb" Depends)
echo "bopp: $depends"
# What the program and the plugins link (dpkg-shlibdeps); names as in Debian 12.
for lib in libc6 libstdc++6 libboost-program-options libnlopt0 libopenblas liblapacke libbox2d2 libmujoco; do
  grep -q "$lib" <<< "$depends" || fail "bopp does not depend on $lib: $depends"
done
dev_depends=$(dpkg-deb -f "$dev" Depends)
echo "bopp-dev: $dev_depends"
for pkg in "bopp (= $version)" libeigen3-dev libtomlplusplus-dev libnlopt-dev libboost-dev libopenblas-dev \
           liblapacke-dev cmake; do
  grep -qF "$pkg" <<< "$dev_depends" || fail "bopp-dev does not depend on $pkg: $dev_depends"
done

step "contents"
contents=$(dpkg-deb -c "$deb"; dpkg-deb -c "$dev")
for path in ./usr/bin/bopp ./usr/lib/bopp/plugins/libbopp-random.so ./usr/lib/bopp/plugins/libbopp-push.so \
            ./usr/lib/bopp/plugins/libbopp-lunar.so ./usr/lib/bopp/plugins/libbopp-locomotion.so \
            ./usr/share/bopp/examples/quickstart.toml ./usr/share/bopp/examples/branin-random.toml \
            ./usr/lib/libbopp-bo.a ./usr/lib/libbopp-bo-portable.a ./usr/lib/libbopp-nn.a ./usr/include/bopp/nn/mlp.hpp \
            ./usr/include/bopp/abi.h ./usr/include/bopp/ext/pending_asks.h ./usr/include/bopp/plugin.hpp \
            ./usr/lib/cmake/bopp/boppConfig.cmake ./usr/lib/cmake/bopp/bopp-abi-targets.cmake \
            ./usr/lib/cmake/bopp/BoppAddPlugin.cmake; do
  grep -q " $path$" <<< "$contents" || fail "the packages lack $path"
done
! grep -q "/usr/include/" <<< "$(dpkg-deb -c "$deb")" || fail "the runtime package holds headers"
tgz_contents=$(tar -tzf "$tgz")
for path in bin/bopp lib/bopp/plugins/libbopp-random.so include/bopp/abi.h lib/cmake/bopp/boppConfig.cmake; do
  grep -q "/$path$" <<< "$tgz_contents" || fail "the .tgz lacks $path"
done

step "quick start from the extracted packages"
dpkg-deb -x "$deb" "$work/root"
dpkg-deb -x "$dev" "$work/root"
bopp=$work/root/usr/bin/bopp
list=$(env -u BOPP_PLUGIN_PATH "$bopp" list)
grep -q "from random .*($work/root/usr/lib/bopp/plugins/libbopp-random.so)" <<< "$list" \
    || fail "the packaged bopp does not find its plugins: $list"
! grep -q "Broken" <<< "$list" || fail "bopp list shows broken libraries: $list"
(cd "$work" && env -u BOPP_PLUGIN_PATH "$bopp" run "$work/root/usr/share/bopp/examples/branin-random.toml" \
    --output "$work/branin-random" --no-sync)
grep -q '"status": *"completed"' "$work/branin-random/run.json" || fail "the example experiment did not complete"

step "the packaged SDK is found by find_package(bopp)"
mkdir -p "$work/consumer"
printf 'cmake_minimum_required(VERSION 3.25)\nproject(c LANGUAGES CXX)\nfind_package(bopp 1 REQUIRED COMPONENTS bo)\nmessage(STATUS "bopp-dir ${bopp_DIR} plugins ${BOPP_PLUGIN_DIR}")\n' \
    > "$work/consumer/CMakeLists.txt"
cmake_out=$("$(dirname "$cpack")/cmake" -S "$work/consumer" -B "$work/consumer/build" -DCMAKE_PREFIX_PATH="$work/root/usr" 2>&1) \
    || fail "find_package(bopp) against the .deb: $cmake_out"
grep -q "bopp-dir $work/root/usr/lib/cmake/bopp plugins $work/root/usr/lib/bopp/plugins" <<< "$cmake_out" \
    || fail "find_package(bopp) found another bopp: $cmake_out"
echo "packaging_deb: ok"
