// bopp._bopp: bopp's host inside Python (docs/embedding.md). bopp/__init__.py re-exports it.
#include "bindings.hpp"

#include <bopp/host/common/errors.hpp>

namespace py = pybind11;

PYBIND11_MODULE(_bopp, m) {
  m.doc() = "bopp's algorithms and objectives in Python: ask/tell, whole runs, the plugin list";
  // One class for every host and plugin error, with the CLI's one-line message.
  py::register_exception<bopp::host::Error>(m, "Error", PyExc_RuntimeError);
  bopp::python::bind_optimizer(m);
  bopp::python::bind_runs(m);
}
