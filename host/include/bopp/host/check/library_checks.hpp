// bopp/host/check/library_checks.hpp: whether a file loads as the host loads a plugin.
#pragma once

#include <bopp/host/check/check_result.hpp>
#include <bopp/host/plugins/plugin_library.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include <filesystem>
#include <memory>

namespace bopp::host {

// Loads `file` with the registry's trust rule and PluginLibrary::load, reporting the checks
// "loads" (a trusted shared library), "exports" (the entry symbol), "manifest" (ABI major,
// class tables, schemas) and "struct-sizes" (every struct_size the loader reads). The loader's
// one-line reason is the failed check's message. Returns the library, or null when a check failed.
std::shared_ptr<const PluginLibrary> check_library(const std::filesystem::path& file,
                                                   PluginTrust trust, const CheckSink& sink);

}  // namespace bopp::host
