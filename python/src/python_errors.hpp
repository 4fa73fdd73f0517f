// bopp.Error and its subclasses, and the translation of the host's errors into them.
#pragma once

#include <bopp/host/common/errors.hpp>

#include <pybind11/pybind11.h>

#include <string>

namespace bopp::python {

// What a host error is about, which decides its Python class.
enum class ErrorKind {
  config,  // bopp.ConfigError (also a ValueError): a configuration, experiment or problem refused
  plugin,  // bopp.PluginError: a plugin missing, failing or breaking the ABI's contract
  run,     // bopp.RunError: a run that cannot start or go on (its folder, its record)
};

// Adds Error (a RuntimeError), ConfigError, PluginError and RunError to `m`. A host error that
// escapes a binding untranslated raises bopp.Error; host::PluginMisbehaving, bopp.PluginError.
void bind_errors(pybind11::module_& m);

// Raises the Python exception of `kind` with `message`: throws pybind11::error_already_set.
[[noreturn]] void raise_error(ErrorKind kind, const std::string& message);

// The CLI's words in a message put in Python's: "--overwrite" becomes "overwrite=True".
std::string in_python_terms(const std::string& message);

// Calls `f`, raising a host error it throws as `kind` (host::PluginMisbehaving as a plugin
// error whatever `kind`), its message in Python's terms.
template <class F>
decltype(auto) translated(ErrorKind kind, F&& f) {
  try {
    return f();
  } catch (const host::PluginMisbehaving& e) {
    raise_error(ErrorKind::plugin, in_python_terms(e.what()));
  } catch (const host::Error& e) {
    raise_error(kind, in_python_terms(e.what()));
  }
}

}  // namespace bopp::python
