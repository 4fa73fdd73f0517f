#include "bopp_program_run.hpp"

#include "test_paths.hpp"
#include "text_file.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <fstream>

namespace bopp::test {
namespace {

namespace fs = std::filesystem;

std::string plugin_path(const std::vector<std::string>& plugin_folders) {
  std::string plugins;
  for (const std::string& name : plugin_folders) {
    if (!plugins.empty()) plugins += ':';
    plugins += test_plugin_dir(name).string();
  }
  return plugins;
}

Outcome run(const std::string& program, const std::vector<std::string>& args,
            const std::vector<std::string>& plugin_folders, const std::string& stdin_text,
            const fs::path& working_folder, std::uint64_t file_size_limit = 0) {
  const fs::path io = fresh_folder("bopp-run");
  const fs::path in = io / "stdin", out = io / "stdout", err = io / "stderr";
  std::ofstream(in, std::ios::binary) << stdin_text;
  const std::string plugins = plugin_path(plugin_folders);
  std::vector<char*> argv{const_cast<char*>(program.c_str())};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int i = ::open(in.c_str(), O_RDONLY);
    const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (i < 0 || o < 0 || e < 0) ::_exit(126);
    if (!working_folder.empty() && ::chdir(working_folder.c_str()) != 0) ::_exit(126);
    ::dup2(i, 0);
    ::dup2(o, 1);
    ::dup2(e, 2);
    ::setenv("BOPP_PLUGIN_PATH", plugins.c_str(), 1);
    if (file_size_limit > 0) {
      std::signal(SIGXFSZ, SIG_IGN);  // an ignored signal stays ignored across exec
      const rlimit r{file_size_limit, file_size_limit};
      ::setrlimit(RLIMIT_FSIZE, &r);
    }
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return {WIFEXITED(status), WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(out),
          read_text(err)};
}

}  // namespace

Outcome run_bopp(const std::vector<std::string>& args,
                 const std::vector<std::string>& plugin_folders, const std::string& stdin_text,
                 const fs::path& folder) {
  return run(bopp_program().string(), args, plugin_folders, stdin_text, folder);
}

Outcome run_bopp_with_file_size_limit(const std::vector<std::string>& args,
                                      const std::vector<std::string>& plugin_folders,
                                      std::uint64_t limit) {
  return run(bopp_program().string(), args, plugin_folders, "", {}, limit);
}

Outcome run_bopp_line(const std::string& args, const std::vector<std::string>& plugin_folders,
                      const std::string& stdin_text, const fs::path& folder) {
  return run("/bin/sh", {"-c", "exec '" + bopp_program().string() + "' " + args}, plugin_folders,
             stdin_text, folder);
}

pid_t start_bopp(const std::vector<std::string>& args,
                 const std::vector<std::string>& plugin_folders, const fs::path& folder) {
  const std::string program = bopp_program().string();
  const std::string plugins = plugin_path(plugin_folders);
  std::vector<char*> argv{const_cast<char*>(program.c_str())};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const std::string out = (folder / "out.txt").string(), err = (folder / "err.txt").string();
  const pid_t child = ::fork();
  if (child == 0) {
    ::setpgid(0, 0);
    ::setenv("BOPP_PLUGIN_PATH", plugins.c_str(), 1);
    if (::chdir(folder.c_str()) != 0) ::_exit(126);
    const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (o < 0 || e < 0) ::_exit(126);
    ::dup2(o, 1);
    ::dup2(e, 2);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  ::setpgid(child, child);  // both sides, so the group exists whichever runs first
  return child;
}

}  // namespace bopp::test
