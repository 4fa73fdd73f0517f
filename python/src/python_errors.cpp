#include "python_errors.hpp"

#include <array>
#include <string_view>
#include <utility>

namespace bopp::python {
namespace {

namespace py = pybind11;

// The classes, made once with the module and kept for the interpreter's life.
PyObject* g_error = nullptr;
PyObject* g_config_error = nullptr;
PyObject* g_plugin_error = nullptr;
PyObject* g_run_error = nullptr;

PyObject* new_class(py::module_& m, const char* name, const char* doc, py::tuple bases) {
  const std::string qualified = "bopp." + std::string(name);
  PyObject* type = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases.ptr(), nullptr);
  if (type == nullptr) throw py::error_already_set();
  m.attr(name) = py::reinterpret_borrow<py::object>(type);
  return type;  // the module's reference keeps it; this one is never released
}

}  // namespace

void bind_errors(py::module_& m) {
  const py::handle error_base(
      g_error = new_class(m, "Error",
                          "A host or plugin error, with the same one-line message as the bopp CLI.",
                          py::make_tuple(py::handle(PyExc_RuntimeError))));
  g_config_error = new_class(
      m, "ConfigError",
      "A configuration, experiment or problem bopp refuses (also a ValueError): an unknown or "
      "misspelled key, a value out of range, bounds that are not a box.",
      py::make_tuple(error_base, py::handle(PyExc_ValueError)));
  g_plugin_error = new_class(
      m, "PluginError",
      "A plugin not found, failing as it is made or asked, or breaking the ABI's contract.",
      py::make_tuple(error_base));
  g_run_error =
      new_class(m, "RunError",
                "A run that cannot start or go on: its output folder, its record, its evaluator.",
                py::make_tuple(error_base));
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const host::PluginMisbehaving& e) {
      PyErr_SetString(g_plugin_error, in_python_terms(e.what()).c_str());
    } catch (const host::Error& e) {
      PyErr_SetString(g_error, in_python_terms(e.what()).c_str());
    }
  });
}

void raise_error(ErrorKind kind, const std::string& message) {
  PyObject* type = kind == ErrorKind::config   ? g_config_error
                   : kind == ErrorKind::plugin ? g_plugin_error
                                               : g_run_error;
  PyErr_SetString(type, message.c_str());
  throw py::error_already_set();
}

std::string in_python_terms(const std::string& message) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 3> kWords{{
      {"pass --overwrite", "pass overwrite=True"},
      {"(--overwrite)", "(overwrite=True)"},
      {"choose another with --output", "choose another with output=..."},
  }};
  std::string text = message;
  for (const auto& [cli, python] : kWords) {
    for (std::size_t at = text.find(cli); at != std::string::npos;
         at = text.find(cli, at + python.size())) {
      text.replace(at, cli.size(), python);
    }
  }
  return text;
}

}  // namespace bopp::python
