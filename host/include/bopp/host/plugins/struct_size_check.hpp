// bopp/host/plugins/struct_size_check.hpp: the first thing the host checks in every growable
// struct a plugin hands it. A forgotten `struct_size` (0) is a C author's first mistake; read
// as "no fields", it would surface as a misleading "no name" or "dimension 0" further on.
#pragma once

#include <bopp/abi.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace bopp::host {

// The smallest struct the host accepts: up to the last field it cannot do without. Later
// minor versions only append fields, so these never grow. A manifest may end before its
// class arrays (a library of algorithms only, built against an older header), but not
// before the library's name.
inline constexpr std::size_t kMinManifestSize =
    offsetof(bopp_manifest, library_name) + sizeof(const char*);
inline constexpr std::size_t kMinObjectiveClassSize =
    offsetof(bopp_objective_class, evaluate) + sizeof(void*);
inline constexpr std::size_t kMinAlgorithmClassSize =
    offsetof(bopp_algorithm_class, recommend) + sizeof(void*);
inline constexpr std::size_t kMinParamSize = offsetof(bopp_param, maximum) + sizeof(double);
inline constexpr std::size_t kMinProblemSize = offsetof(bopp_problem, upper) + sizeof(void*);

// "" when `size` covers `minimum`, else what is wrong and how to fix it, naming the C type.
inline std::string struct_size_problem(std::uint32_t size, std::size_t minimum, const char* type) {
  if (size >= minimum) return "";
  return std::string(type) + ".struct_size is " + std::to_string(size) + ", expected at least " +
         std::to_string(minimum) + " (set it to sizeof(" + type + ") from bopp/abi.h)";
}

}  // namespace bopp::host
