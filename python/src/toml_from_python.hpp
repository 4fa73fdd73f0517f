// A configuration given as a Python dict, as the TOML table an experiment file would hold.
#pragma once

#include <pybind11/pybind11.h>
#include <toml++/toml.h>

#include <string>

namespace bopp::python {

// bool, int, float, str, lists of them and nested dicts (per-plugin tables); None drops the
// key. Anything else is a TypeError naming `where` and the key.
toml::table toml_from_dict(const pybind11::dict& dict, const std::string& where);

}  // namespace bopp::python
