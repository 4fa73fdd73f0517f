// The parts of the `bopp._bopp` module, each adding its functions and classes.
#pragma once

#include <pybind11/pybind11.h>

namespace bopp::python {

void bind_optimizer(pybind11::module_& m);
void bind_runs(pybind11::module_& m);  // run, list_plugins, describe

}  // namespace bopp::python
