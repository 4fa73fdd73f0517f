#include "plugin_folders.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

namespace bopp::python {
namespace {

namespace fs = std::filesystem;
namespace py = pybind11;

// This module's file: <dir>/bopp/_bopp*.so.
fs::path module_file() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<const void*>(&module_file), &info) == 0 || info.dli_fname == nullptr)
    return {};
  return fs::path(info.dli_fname);
}

std::vector<fs::path> default_folders(std::vector<fs::path> folders) {
  const fs::path package = module_file().parent_path();  // .../bopp
  // `pip install .` puts the plugins it built beside the module: they go with it, first.
  std::error_code ec;
  if (!package.empty() && fs::is_directory(package / "plugins", ec)) {
    folders.push_back(package / "plugins");
  }
  for (const fs::path& f : host::plugin_search_path({})) folders.push_back(f);
  if (!package.empty()) {
    // The build tree (build/python/bopp beside build/lib/bopp/plugins) and an install
    // (<prefix>/lib/python3/dist-packages/bopp beside <prefix>/lib/bopp/plugins).
    for (const char* up : {"../..", "../../../.."}) {
      const fs::path candidate = (package / up / BOPP_PLUGIN_SUBDIR).lexically_normal();
      std::error_code ec;
      if (fs::is_directory(candidate, ec)) folders.push_back(candidate);
    }
  }
  return folders;
}

}  // namespace

std::shared_ptr<const host::PluginRegistry> plugin_registry(const py::object& plugin_path) {
  if (plugin_path.is_none()) {
    static std::mutex mutex;
    static std::shared_ptr<const host::PluginRegistry> shared;
    const std::lock_guard lock(mutex);
    if (!shared) {
      shared = std::make_shared<const host::PluginRegistry>(default_folders({}));
    }
    return shared;
  }
  std::vector<fs::path> folders;
  if (py::isinstance<py::str>(plugin_path) || py::hasattr(plugin_path, "__fspath__")) {
    folders.emplace_back(py::str(plugin_path).cast<std::string>());
  } else {
    for (const py::handle item : plugin_path)
      folders.emplace_back(py::str(item).cast<std::string>());
  }
  return std::make_shared<const host::PluginRegistry>(default_folders(std::move(folders)));
}

}  // namespace bopp::python
