// command_table.hpp: the `bopp` subcommands in one table, from which `bopp --help` lists
// them, options are checked and main dispatches.
#pragma once

#include <bopp/host/plugins/plugin_registry.hpp>

#include <boost/program_options.hpp>

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bopp::cli {

// What a command's handler receives from main.
struct Invocation {
  const std::string& command;
  const boost::program_options::variables_map& options;
  const std::vector<std::string>& args;  // the positional arguments after the command
  const host::PluginRegistry& registry;
  const std::vector<std::filesystem::path>& plugin_folders;  // the --plugin-path folders
};

struct Command {
  const char* name;
  const char* usage;                      // its arguments and options, as the help shows them
  const char* summary;                    // one line
  std::vector<std::string_view> options;  // the command options it accepts
  int (*handler)(const Invocation&);      // the exit code
};

std::span<const Command> commands();
const Command* find_command(std::string_view name);

// The options that belong to commands (not global), in the order they are checked.
std::span<const std::string_view> command_options();

// The help's list of commands, one entry per command of the table.
std::string commands_help();
// "list, describe, run, eval, bench, report".
std::string command_names();

}  // namespace bopp::cli
