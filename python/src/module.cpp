// bopp._bopp: bopp's host inside Python (docs/embedding.md). bopp/__init__.py re-exports it.
#include "bindings.hpp"
#include "python_errors.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_bopp, m) {
  m.doc() = "bopp's algorithms and objectives in Python: ask/tell, whole runs, the plugin list";
  m.attr("__version__") = BOPP_VERSION;
  bopp::python::bind_errors(m);
  bopp::python::bind_optimizer(m);
  bopp::python::bind_runs(m);
}
