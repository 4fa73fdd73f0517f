// Running the bopp program the way a user does, for tests of the command line: its exit
// status and everything it wrote.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace bopp::test {

struct Outcome {
  bool exited = false;  // false: ended by a signal
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs bopp with `args` exactly as given (no shell, so a newline in an argument stays in
// it), `stdin_text` as its input, the test plugin folders named in `plugin_folders` (see
// test_plugin_dir) as BOPP_PLUGIN_PATH, in the working folder `folder` (empty: the test's
// own). Its input and outputs go through files in a fresh folder.
Outcome run_bopp(const std::vector<std::string>& args,
                 const std::vector<std::string>& plugin_folders, const std::string& stdin_text = "",
                 const std::filesystem::path& folder = {});

// run_bopp with every file bopp (and its children) write limited to `limit` bytes
// (RLIMIT_FSIZE, SIGXFSZ ignored): a write past it fails with EFBIG as on a full disk, without
// root or a small file system.
Outcome run_bopp_with_file_size_limit(const std::vector<std::string>& args,
                                      const std::vector<std::string>& plugin_folders,
                                      std::uint64_t limit);

// Starts `bopp ARGS` in `folder` and returns at once: in a process group of its own (so a test
// can signal it and its children together), the test plugin folders `plugin_folders` as
// BOPP_PLUGIN_PATH, its standard output and error in folder/out.txt and folder/err.txt.
pid_t start_bopp(const std::vector<std::string>& args,
                 const std::vector<std::string>& plugin_folders,
                 const std::filesystem::path& folder);

// The same for an argument line the shell splits and unquotes: `bopp ARGS`.
Outcome run_bopp_line(const std::string& args, const std::vector<std::string>& plugin_folders,
                      const std::string& stdin_text = "", const std::filesystem::path& folder = {});

}  // namespace bopp::test
