#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/name_suggestion.hpp>
#include <bopp/host/plugins/library_dependencies.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/kit/message_text.hpp>

#include <boost/dll/runtime_symbol_info.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bopp::host {
namespace fs = std::filesystem;

namespace {

// What makes two spellings of a folder the same folder ("a", "./a/", a symlink to it), for
// the search path and the registry alike.
fs::path folder_identity(const fs::path& folder) {
  std::error_code ec;
  fs::path key = fs::weakly_canonical(folder, ec);
  if (ec) key = folder.lexically_normal();
  if (!key.has_filename()) key = key.parent_path();  // "/a/" is "/a"
  return key;
}

// A user private group: the owner's primary group, named like the owner, with no other
// members. Files that are group-writable through it are writable by the owner alone.
bool is_private_group(uid_t owner, gid_t group) {
  std::vector<char> user_buffer(16384), group_buffer(16384);
  passwd user{};
  passwd* found_user = nullptr;
  if (::getpwuid_r(owner, &user, user_buffer.data(), user_buffer.size(), &found_user) != 0 ||
      found_user == nullptr || user.pw_gid != group) {
    return false;
  }
  struct group entry {};
  struct group* found_group = nullptr;
  if (::getgrgid_r(group, &entry, group_buffer.data(), group_buffer.size(), &found_group) != 0 ||
      found_group == nullptr || std::string(entry.gr_name) != user.pw_name) {
    return false;
  }
  for (char** member = entry.gr_mem; *member != nullptr; ++member) {
    if (std::string(*member) != user.pw_name) return false;
  }
  return true;
}

// What lets someone other than the user running bopp and root change `path`, or "" when
// nothing does. A sticky folder writable by others (/tmp) is fine above the plugin folder:
// others cannot rename or replace what is in it.
std::string writable_by_others(const fs::path& path, bool sticky_is_safe) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "";  // the loader reports what it cannot read
  if (st.st_uid != 0 && st.st_uid != ::geteuid()) {
    return "owned by uid " + std::to_string(st.st_uid) + ", neither you nor root";
  }
  if (sticky_is_safe && S_ISDIR(st.st_mode) && (st.st_mode & S_ISVTX) != 0) return "";
  const bool others = (st.st_mode & S_IWOTH) != 0;
  const bool group = (st.st_mode & S_IWGRP) != 0 && !is_private_group(st.st_uid, st.st_gid);
  if (!others && !group) return "";
  char mode[8];
  std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
  return std::string("writable by ") + (others ? "others" : "its group") + " (mode " + mode +
         "; chmod go-w " + path.string() + " fixes it)";
}

// What lets others put a file into `folder`, or "" when nothing does: the folder (or, when it
// does not exist, the nearest folder above it that does, where others could make it) writable
// by others, or a folder above that which is, and not sticky.
std::string unsafe_folder(const fs::path& folder) {
  std::error_code ec;
  fs::path existing = fs::absolute(folder, ec).lexically_normal();
  while (!fs::exists(existing, ec) && existing != existing.parent_path())
    existing = existing.parent_path();
  existing = fs::canonical(existing, ec);
  if (ec) return "";
  const bool missing = existing != fs::weakly_canonical(folder, ec);
  if (std::string why = writable_by_others(existing, false); !why.empty()) {
    return missing ? "does not exist, and " + existing.string() +
                         ", where others could make it, is " + why
                   : "is " + why;
  }
  for (fs::path above = existing; above != above.parent_path();) {
    above = above.parent_path();
    if (std::string why = writable_by_others(above, true); !why.empty())
      return "lies in " + above.string() + ", which is " + why;
  }
  return "";
}

// BOPP_ALLOW_INSECURE_PLUGINS, read strictly: a value meant as "no" must never turn the
// check off, and a value that is neither yes nor no is a mistake to report, not to guess.
bool insecure_plugins_allowed_by_environment() {
  const char* env = std::getenv("BOPP_ALLOW_INSECURE_PLUGINS");
  if (env == nullptr) return false;
  std::string value = env;
  std::transform(value.begin(), value.end(), value.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (value == "1" || value == "true" || value == "yes") return true;
  if (value.empty() || value == "0" || value == "false" || value == "no") return false;
  throw Error("BOPP_ALLOW_INSECURE_PLUGINS is '" + echo(env) +
              "'; expected 1, true or yes (load plugins others could change) or 0, false, no "
              "or empty (do not)");
}

}  // namespace

PluginTrust plugin_trust(bool allow_insecure) {
  const bool from_env = insecure_plugins_allowed_by_environment();
  return allow_insecure || from_env ? PluginTrust::any : PluginTrust::owner_only;
}

std::string insecure_plugin_reason(const fs::path& file) {
  std::error_code ec;
  const fs::path canonical = fs::canonical(file, ec);
  if (ec) return "";
  const std::string refused = file.string() + ": refused to load: ";
  const std::string override = "; pass --allow-insecure-plugins to load it anyway";
  if (std::string why = writable_by_others(canonical, false); !why.empty()) {
    return refused + "the file is " + why + override;
  }
  const fs::path folder = canonical.parent_path();
  if (std::string why = writable_by_others(folder, false); !why.empty()) {
    return refused + "its folder " + folder.string() + " is " + why + override;
  }
  for (fs::path above = folder; above != above.parent_path();) {
    above = above.parent_path();
    if (std::string why = writable_by_others(above, true); !why.empty()) {
      return refused + "the folder " + above.string() + " above it is " + why + override;
    }
  }
  // The loader pulls in what the library needs from its RUNPATH folders before any check of
  // ours could run: each must be as safe as the plugin's own, and so must what it finds there.
  const LibraryDependencies dependencies = library_dependencies(canonical);
  for (const fs::path& search : dependencies.search_folders) {
    if (std::string why = unsafe_folder(search); !why.empty()) {
      return refused + "the folder " + search.string() +
             " where the loader looks for its dependencies (its RUNPATH) " + why + override;
    }
    for (const std::string& needed : dependencies.needed) {
      const fs::path dependency = search / needed;
      if (!fs::exists(dependency, ec)) continue;
      if (std::string why = writable_by_others(fs::canonical(dependency, ec), false);
          !why.empty()) {
        return refused + "the library it needs, " + dependency.string() + ", is " + why + override;
      }
    }
  }
  return "";
}

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
  // A folder named twice (say BOPP_PLUGIN_PATH naming the default one) is listed once, at
  // its first place, as the registry searches it.
  std::vector<fs::path> unique, seen;
  for (const fs::path& folder : folders) {
    const fs::path key = folder_identity(folder);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    unique.push_back(folder);
  }
  return unique;
}

PluginRegistry::PluginRegistry(std::vector<fs::path> folders, PluginTrust trust)
    : folders_(std::move(folders)), trust_(trust) {
  std::vector<fs::path> seen_folders;
  for (const fs::path& folder : folders_) {
    std::error_code ec;
    const fs::path canonical = folder_identity(folder);
    if (!fs::is_directory(canonical, ec)) continue;
    if (std::find(seen_folders.begin(), seen_folders.end(), canonical) != seen_folders.end())
      continue;
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
  if (trust_ == PluginTrust::owner_only) {
    if (std::string reason = insecure_plugin_reason(file); !reason.empty()) {
      broken_.push_back({file, std::move(reason)});
      return;
    }
  }
  std::shared_ptr<const PluginLibrary> library;
  try {
    library = PluginLibrary::load(file);
  } catch (const Error& e) {
    broken_.push_back({file, e.what()});
    return;
  }
  if (std::find(libraries_.begin(), libraries_.end(), library) != libraries_.end()) return;

  // A class whose name an earlier library already provides is skipped, the rest of its
  // library is used (the earlier one wins, as on a PATH).
  auto clash = [&](const char* kind, const char* name, const PluginLibrary& other) {
    broken_.push_back({file, file.string() + ": " + kind + " '" + name +
                                 "' is already provided by " + other.path().string() +
                                 "; skipped it, the library's other classes are loaded"});
  };
  libraries_.push_back(library);
  for (const auto& c : library->algorithms()) {
    if (const AlgorithmEntry* other = find_algorithm(c.name))
      clash("algorithm", c.name, *other->library);
    else
      algorithms_.push_back({library, &c});
  }
  for (const auto& c : library->objectives()) {
    if (const ObjectiveEntry* other = find_objective(c.name))
      clash("objective", c.name, *other->library);
    else
      objectives_.push_back({library, &c});
  }
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
  std::string message = unknown_name(kind, echo(name), known);
  if (!broken_.empty()) {
    message += "; " + std::to_string(broken_.size()) + " plugin librar" +
               (broken_.size() == 1 ? "y" : "ies") + " could not be loaded (see `bopp list`)";
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
