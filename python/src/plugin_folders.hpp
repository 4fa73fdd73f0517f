// The plugin registry the Python module searches: no `bopp` binary lies beside python3.
#pragma once

#include <bopp/host/plugins/plugin_registry.hpp>

#include <pybind11/pybind11.h>

#include <memory>

namespace bopp::python {

// The folders of `plugin_path` (None, one path or a list of paths) first, then the package's
// own plugins (<module folder>/plugins, where `pip install .` puts them), then
// BOPP_PLUGIN_PATH, then the installed plugins (<prefix>/lib/bopp/plugins, found from the
// interpreter's prefix and from this module's folder, which also finds the build tree's). The
// registry of the default folders (plugin_path None) is made once and kept.
std::shared_ptr<const host::PluginRegistry> plugin_registry(const pybind11::object& plugin_path);

}  // namespace bopp::python
