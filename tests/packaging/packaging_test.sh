# Sourced by every packaging test script (tests/packaging/*_test.sh) after it sets
# packaging_test (its ctest name): a temporary work folder, removed on exit; `fail` and `step`;
# and `install_prefix BUILD_DIR CMAKE`, which installs a build into $work/prefix and sets
# $prefix to it.
work=$(mktemp -d "${TMPDIR:-/tmp}/bopp-$packaging_test.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "$packaging_test: FAILED: $*" >&2; exit 1; }
step() { echo "--- $*"; }
install_prefix() {
  step "cmake --install $1 --prefix $work/prefix"
  "$2" --install "$1" --prefix "$work/prefix" > "$work/install.log" \
      || { cat "$work/install.log"; fail "install"; }
  prefix=$work/prefix
}
