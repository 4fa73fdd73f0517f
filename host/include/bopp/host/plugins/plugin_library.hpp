// bopp/host/plugins/plugin_library.hpp: one loaded plugin library and its manifest.
#pragma once

#include <bopp/abi.h>

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace bopp::host {

// A plugin library, loaded once with immediate binding and local symbols and never unloaded
// while the process lives (house rule 6, docs/architecture.md). Every object a plugin makes holds a
// shared_ptr to its library. The manifest and the class tables are copied with
// min(struct_size, sizeof), so a library built against an older minor reads correctly.
class PluginLibrary {
 public:
  // Loads `path`; throws Error with one line naming the file when it is not a library,
  // lacks the entry symbol, has another ABI major, or has a malformed manifest.
  static std::shared_ptr<const PluginLibrary> load(const std::filesystem::path& path);

  const std::filesystem::path& path() const { return path_; }
  const std::string& name() const { return name_; }
  const std::string& version() const { return version_; }
  // What tells two builds of one version apart: the file's SHA-1 and its GNU build id ("" when
  // the linker wrote none). The SHA-1 is of the file opened when the library was loaded (a file
  // renamed over it since does not change it), hashed at the first call: a run needs two of
  // the libraries a registry loads, and hashing every one made each start slow.
  const std::string& file_sha1() const;
  const std::string& build_id() const { return build_id_; }
  std::uint32_t abi_major() const { return manifest_.abi_major; }
  std::uint32_t abi_minor() const { return manifest_.abi_minor; }
  const std::vector<bopp_algorithm_class>& algorithms() const { return algorithms_; }
  const std::vector<bopp_objective_class>& objectives() const { return objectives_; }

  ~PluginLibrary();
  PluginLibrary(const PluginLibrary&) = delete;
  PluginLibrary& operator=(const PluginLibrary&) = delete;

 private:
  PluginLibrary() = default;
  // Copies a class's parameter entries (each by its struct_size) into storage of this
  // library and points the class at the copies, so bopp_param too may grow. Refuses a
  // schema with a parameter named twice or a default the schema itself rejects; `kind`
  // ("algorithm", "objective") names the class in the message.
  template <class Class>
  void own_params(Class& c, const std::string& file, const std::string& kind);

  std::filesystem::path path_;
  bopp_manifest manifest_{};
  std::string name_;
  std::string version_;
  int file_ = -1;  // the library's file, open (close-on-exec) for file_sha1()
  mutable std::once_flag sha1_once_;
  mutable std::string file_sha1_;
  std::string build_id_;
  std::vector<bopp_algorithm_class> algorithms_;
  std::vector<bopp_objective_class> objectives_;
  struct OwnedParams {
    std::vector<bopp_param> params;
    std::vector<const bopp_param*> pointers;
  };
  std::vector<std::unique_ptr<OwnedParams>> params_;
};

}  // namespace bopp::host
