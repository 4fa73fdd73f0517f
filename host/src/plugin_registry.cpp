#include <bopp/host/errors.hpp>
#include <bopp/host/name_suggestion.hpp>
#include <bopp/host/plugin_registry.hpp>

#include <boost/dll/runtime_symbol_info.hpp>

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace bopp::host {
namespace fs = std::filesystem;

std::vector<fs::path> plugin_search_path(const std::vector<fs::path>& from_command_line) {
  std::vector<fs::path> folders = from_command_line;
  if (const char* env = std::getenv("BOPP_PLUGIN_PATH"); env != nullptr) {
    std::stringstream list(env);
    std::string folder;
    while (std::getline(list, folder, ':')) {
      if (!folder.empty()) folders.emplace_back(folder);
    }
  }
  std::error_code ec;
  const fs::path program = boost::dll::program_location(ec);
  if (!ec) folders.push_back(program.parent_path().parent_path() / BOPP_PLUGIN_SUBDIR);
  return folders;
}

PluginRegistry::PluginRegistry(std::vector<fs::path> folders) : folders_(std::move(folders)) {
  std::vector<fs::path> seen_folders;
  for (const fs::path& folder : folders_) {
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(folder, ec);
    if (!fs::is_directory(canonical, ec)) continue;
    if (std::find(seen_folders.begin(), seen_folders.end(), canonical) != seen_folders.end()) continue;
    seen_folders.push_back(canonical);

    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(canonical, ec)) {
      if (entry.path().extension() == ".so" && !entry.is_directory()) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) add_library(file);
  }
}

void PluginRegistry::add_library(const fs::path& file) {
  std::shared_ptr<const PluginLibrary> library;
  try {
    library = PluginLibrary::load(file);
  } catch (const Error& e) {
    broken_.push_back({file, e.what()});
    return;
  }
  if (std::find(libraries_.begin(), libraries_.end(), library) != libraries_.end()) return;

  // A library is used whole or not at all: one name clash skips all of it.
  for (const auto& c : library->algorithms()) {
    if (const AlgorithmEntry* other = find_algorithm(c.name)) {
      broken_.push_back({file, file.string() + ": skipped: algorithm '" + c.name +
                                   "' is already provided by " + other->library->path().string()});
      return;
    }
  }
  for (const auto& c : library->objectives()) {
    if (const ObjectiveEntry* other = find_objective(c.name)) {
      broken_.push_back({file, file.string() + ": skipped: objective '" + c.name +
                                   "' is already provided by " + other->library->path().string()});
      return;
    }
  }
  libraries_.push_back(library);
  for (const auto& c : library->algorithms()) algorithms_.push_back({library, &c});
  for (const auto& c : library->objectives()) objectives_.push_back({library, &c});
}

const AlgorithmEntry* PluginRegistry::find_algorithm(const std::string& name) const {
  for (const auto& a : algorithms_)
    if (name == a.table->name) return &a;
  return nullptr;
}

const ObjectiveEntry* PluginRegistry::find_objective(const std::string& name) const {
  for (const auto& o : objectives_)
    if (name == o.table->name) return &o;
  return nullptr;
}

std::vector<std::string> PluginRegistry::algorithm_names() const {
  std::vector<std::string> names;
  for (const auto& a : algorithms_) names.push_back(a.name());
  return names;
}

std::vector<std::string> PluginRegistry::objective_names() const {
  std::vector<std::string> names;
  for (const auto& o : objectives_) names.push_back(o.name());
  return names;
}

std::string PluginRegistry::unknown_name_message(const std::string& kind, const std::string& name,
                                                 const std::vector<std::string>& known) const {
  std::string message = "unknown " + kind + " '" + name + "'" + did_you_mean(name, known);
  if (!broken_.empty()) {
    message += "; " + std::to_string(broken_.size()) +
               " plugin librar" + (broken_.size() == 1 ? "y" : "ies") +
               " could not be loaded (see `bopp list`)";
  } else {
    message += "; `bopp list` shows what is installed";
  }
  return message;
}

const AlgorithmEntry& PluginRegistry::algorithm(const std::string& name) const {
  if (const AlgorithmEntry* a = find_algorithm(name)) return *a;
  throw Error(unknown_name_message("algorithm", name, algorithm_names()));
}

const ObjectiveEntry& PluginRegistry::objective(const std::string& name) const {
  if (const ObjectiveEntry* o = find_objective(name)) return *o;
  throw Error(unknown_name_message("objective", name, objective_names()));
}

}  // namespace bopp::host
