// bopp._bopp: bopp's host inside Python (docs/embedding.md). bopp/__init__.py re-exports it.
#include "bindings.hpp"
#include "python_errors.hpp"

#include <bopp/host/plugins/openblas_core.hpp>

#include <strings.h>

#include <string>

namespace py = pybind11;

PYBIND11_MODULE(_bopp, m) {
  m.doc() = "bopp's algorithms and objectives in Python: ask/tell, whole runs, the plugin list";
  m.attr("__version__") = BOPP_VERSION;
  // Before a plugin loads OpenBLAS, as the bopp program does. An OpenBLAS loaded already (by
  // numpy, imported first) keeps its kernels: say so, as runs here then round differently.
  const bopp::host::OpenblasCoreChoice openblas = bopp::host::choose_openblas_core();
  const std::string loaded = bopp::host::loaded_openblas_core();
  if (!openblas.chosen.empty() && !loaded.empty() &&
      strcasecmp(loaded.c_str(), openblas.chosen.c_str()) != 0) {
    const std::string warning =
        "OpenBLAS was loaded before bopp with its " + loaded + " kernels, where bopp runs on " +
        openblas.chosen +
        ": runs here are slower and round differently from `bopp run`'s; import " +
        "bopp before numpy, or set OPENBLAS_CORETYPE=" + openblas.chosen + " before Python starts";
    // A warnings filter may make it an error: then the import fails with it.
    if (PyErr_WarnEx(PyExc_RuntimeWarning, warning.c_str(), 1) < 0) throw py::error_already_set();
  }
  bopp::python::bind_errors(m);
  bopp::python::bind_optimizer(m);
  bopp::python::bind_runs(m);
}
