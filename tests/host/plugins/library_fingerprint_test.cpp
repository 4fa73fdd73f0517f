// The fingerprints run.json keeps of each plugin library: the file's SHA-1 (checked against
// the standard's test vector) and the GNU build id of a loaded library.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/library_fingerprint.hpp>
#include <bopp/host/plugins/plugin_library.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace bopp::host {
namespace {

namespace fs = std::filesystem;

TEST(LibraryFingerprint, Sha1OfAFileMatchesTheStandardTestVectors) {
  const fs::path folder = test::fresh_folder("fingerprint");
  std::ofstream(folder / "abc") << "abc";
  std::ofstream(folder / "empty");
  EXPECT_EQ(file_sha1(folder / "abc"), "a9993e364706816aba3e25717850c26c9cd0d89d");
  EXPECT_EQ(file_sha1(folder / "empty"), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  // More than one read buffer (64 KiB): one million 'a's (FIPS 180 vector).
  std::ofstream(folder / "million") << std::string(1000000, 'a');
  EXPECT_EQ(file_sha1(folder / "million"), "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
  EXPECT_THROW(file_sha1(folder / "missing"), Error);
}

TEST(LibraryFingerprint, ALoadedPluginHasItsFileHashAndBuildId) {
  const PluginRegistry registry({test::plugin_dir()});
  const PluginLibrary& random = *registry.algorithm("random").library;
  EXPECT_EQ(random.file_sha1(), file_sha1(random.path()));
  // GCC and Clang on Debian link with --build-id: a SHA-1 of 20 bytes.
  EXPECT_EQ(random.build_id().size(), 40u) << random.build_id();
  EXPECT_EQ(gnu_build_id(random.path().parent_path() / "not-loaded.so"), "");
}

// The hash is taken when a record first needs it, yet of the file that was loaded: an install
// that renames a new build over the library meanwhile does not change it.
TEST(LibraryFingerprint, IsOfTheLoadedFileEvenAfterANewBuildIsRenamedOverIt) {
  const fs::path folder = test::fresh_folder("fingerprint-rename");
  const PluginRegistry shipped({test::plugin_dir()});
  const fs::path original = shipped.algorithm("random").library->path();
  const std::string original_sha1 = file_sha1(original);
  fs::copy_file(original, folder / "libbopp-random.so");
  const auto loaded = PluginLibrary::load(folder / "libbopp-random.so");
  std::ofstream(folder / "new-build") << "another build";
  fs::rename(folder / "new-build", folder / "libbopp-random.so");
  EXPECT_EQ(loaded->file_sha1(), original_sha1);
  EXPECT_NE(file_sha1(folder / "libbopp-random.so"), original_sha1);
}

}  // namespace
}  // namespace bopp::host
