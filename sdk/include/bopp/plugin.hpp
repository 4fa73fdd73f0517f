// bopp/plugin.hpp: the header-only authoring kit for bopp plugins.
//
// Write ordinary C++ classes (what they provide is spelled out at the top of
// kit/detail/algorithm_class.hpp and kit/detail/objective_class.hpp), using what an author
// needs (kit/param.hpp, kit/config.hpp, kit/problem.hpp, kit/host.hpp), then export them from
// one library with one macro:
//
//   BOPP_PLUGIN_LIBRARY("my-library", "1.0.0",
//                       bopp::Algorithm<MyAlgorithm>, bopp::Objective<MyObjective>)
//
// The kit builds the static manifest and the C function tables, parses each instance's
// TOML configuration against the declared schema, and catches every exception at the
// boundary. docs/abi.md explains the contract underneath.
#pragma once

#include <bopp/abi.h>
#include <bopp/kit/config.hpp>
#include <bopp/kit/detail/algorithm_class.hpp>
#include <bopp/kit/detail/objective_class.hpp>
#include <bopp/kit/host.hpp>
#include <bopp/kit/param.hpp>
#include <bopp/kit/problem.hpp>

#include <vector>

namespace bopp {

// Tags naming what a library provides.
template <kit::AlgorithmClass T>
struct Algorithm {
  static void add_to(std::vector<const bopp_algorithm_class*>& algorithms,
                     std::vector<const bopp_objective_class*>&) {
    algorithms.push_back(kit::AlgorithmTrampolines<T>::table());
  }
};
template <kit::ObjectiveClass T>
struct Objective {
  static void add_to(std::vector<const bopp_algorithm_class*>&,
                     std::vector<const bopp_objective_class*>& objectives) {
    objectives.push_back(kit::ObjectiveTrampolines<T>::table());
  }
};

namespace kit {

// The static manifest of a library: built once, on first use, and kept while it is loaded.
template <class... Provided>
const bopp_manifest* manifest_of(const char* library_name, const char* library_version) {
  static const struct Storage {
    std::vector<const bopp_algorithm_class*> algorithms;
    std::vector<const bopp_objective_class*> objectives;
    bopp_manifest manifest{};
    Storage(const char* name, const char* version) {
      (Provided::add_to(algorithms, objectives), ...);
      manifest.struct_size = sizeof(bopp_manifest);
      manifest.abi_major = BOPP_ABI_MAJOR;
      manifest.abi_minor = BOPP_ABI_MINOR;
      manifest.library_name = name;
      manifest.library_version = version;
      manifest.algorithms = algorithms.data();
      manifest.algorithm_count = static_cast<std::uint32_t>(algorithms.size());
      manifest.objectives = objectives.data();
      manifest.objective_count = static_cast<std::uint32_t>(objectives.size());
    }
  } storage(library_name, library_version);
  return &storage.manifest;
}

}  // namespace kit
}  // namespace bopp

// Defines the library's one exported entry symbol. NAME and VERSION are string literals;
// the rest are bopp::Algorithm<T> and bopp::Objective<T> tags.
#define BOPP_PLUGIN_LIBRARY(NAME, VERSION, ...)                            \
  extern "C" BOPP_EXPORT const bopp_manifest* bopp_plugin_manifest(void) { \
    return ::bopp::kit::manifest_of<__VA_ARGS__>(NAME, VERSION);           \
  }
