// bopp.run, bopp.list_plugins and bopp.describe: what `bopp run`, `bopp list` and `bopp
// describe` do, answering in Python values.
#include "bindings.hpp"
#include "callable_evaluator.hpp"
#include "plugin_folders.hpp"
#include "python_errors.hpp"
#include "run_interruption.hpp"
#include "toml_from_python.hpp"

#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>

#include <bopp/config_schema.hpp>

#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <thread>

namespace bopp::python {
namespace {

namespace py = pybind11;

// A message as a Python str: bytes that are not UTF-8 (from a plugin or a program) become
// U+FFFD, as the record writes them, rather than failing the call after the run.
py::str message_text(const std::string& text) {
  const py::object str = py::reinterpret_steal<py::object>(
      PyUnicode_DecodeUTF8(text.data(), static_cast<py::ssize_t>(text.size()), "replace"));
  if (!str) throw py::error_already_set();
  return str;
}

// A path as os.fsdecode gives it: bytes that are not UTF-8 kept as surrogate escapes, so the
// str names the same file.
py::str path_text(const std::string& path) {
  const py::object text = py::reinterpret_steal<py::object>(
      PyUnicode_DecodeFSDefaultAndSize(path.data(), static_cast<py::ssize_t>(path.size())));
  if (!text) throw py::error_already_set();
  return text;
}

template <class Entry>
py::dict entry_dict(const Entry& e, const char* kind) {
  py::dict d;
  d["name"] = e.name();
  d["kind"] = kind;
  d["version"] = e.table->version ? e.table->version : "";
  d["summary"] = e.table->summary ? e.table->summary : "";
  d["library"] = e.library->name();
  d["library_version"] = e.library->version();
  d["path"] = e.library->path().string();
  return d;
}

template <class Entry>
py::dict described(const Entry& e, const char* kind) {
  py::dict d = entry_dict(e, kind);
  py::list params;
  for (const bopp_param* p : e.params()) {
    py::dict param;
    param["name"] = p->name;
    param["type"] = bopp::param_type_name(p->type);
    // None: required; "": optional without a default; else the default as TOML text.
    param["default"] = p->default_value ? py::object(py::str(p->default_value)) : py::none();
    param["help"] = p->help ? p->help : "";
    param["minimum"] = p->minimum;
    param["maximum"] = p->maximum;
    param["choices"] = p->choices ? py::object(py::str(p->choices)) : py::none();
    params.append(param);
  }
  d["params"] = params;
  return d;
}

py::list list_plugins(const py::object& plugin_path) {
  const auto registry = plugin_registry(plugin_path);
  py::list out;
  for (const auto& a : registry->algorithms()) out.append(entry_dict(a, "algorithm"));
  for (const auto& o : registry->objectives()) out.append(entry_dict(o, "objective"));
  return out;
}

py::dict describe(const std::string& name, const py::object& plugin_path) {
  const auto registry = plugin_registry(plugin_path);
  if (const auto* a = registry->find_algorithm(name)) return described(*a, "algorithm");
  if (const auto* o = registry->find_objective(name)) return described(*o, "objective");
  raise_error(ErrorKind::plugin, "no algorithm or objective named '" + name +
                                     "'; bopp.list_plugins() shows what is installed");
}

py::object optional_json(const std::optional<double>& v) {
  return v ? py::object(py::float_(*v)) : py::none();
}

py::dict run(const py::object& experiment, const py::object& output, bool overwrite, bool sync,
             const py::object& plugin_path, const py::object& objective) {
  const auto registry = plugin_registry(plugin_path);
  std::string text, source;
  if (py::isinstance<py::dict>(experiment)) {
    std::ostringstream s;
    s << toml_from_dict(experiment.cast<py::dict>(), "experiment");
    text = s.str();
    source = "<dict>";
  } else if (py::isinstance<py::str>(experiment)) {
    text = experiment.cast<std::string>();
    source = "<string>";
  } else {
    throw py::type_error("bopp.run: the experiment is TOML text or a dict of its tables");
  }
  std::optional<std::string> folder;
  if (!output.is_none()) {
    // os.fsencode's bytes: a str holding surrogate escapes names the folder they came from.
    const py::object bytes =
        py::reinterpret_steal<py::object>(PyUnicode_EncodeFSDefault(py::str(output).ptr()));
    if (!bytes) throw py::error_already_set();
    folder = bytes.cast<std::string>();
  }
  if (!objective.is_none() && !PyCallable_Check(objective.ptr())) {
    throw py::type_error(
        "bopp.run: objective must be a callable taking one point and returning a float, not " +
        std::string(py::str(py::type::of(objective).attr("__name__"))));
  }
  host::Experiment e = translated(ErrorKind::config, [&] {
    const py::gil_scoped_release release;
    host::Experiment parsed = host::Experiment::parse(text, source);
    if (folder) parsed.output = *folder;
    return parsed;
  });
  if (registry->find_algorithm(e.algorithm.name) == nullptr) {
    raise_error(ErrorKind::plugin, source + ": no algorithm named '" + e.algorithm.name +
                                       "'; bopp.list_plugins() shows what is installed");
  }
  if (registry->find_objective(e.objective.name) == nullptr) {
    raise_error(ErrorKind::plugin, source + ": no objective named '" + e.objective.name +
                                       "'; bopp.list_plugins() shows what is installed");
  }
  translated(ErrorKind::config, [&] { e.resolve_plugins(*registry); });
  RunInterruption interruption;
  std::unique_ptr<host::Evaluator> caller;  // destroyed after the run, with the GIL held
  std::string caller_name;
  if (!objective.is_none()) {
    // [evaluator] kind "threads" calls it on `workers` threads (0: one per core).
    const std::uint32_t threads = e.evaluator != "threads" ? 0
                                  : e.workers > 0
                                      ? e.workers
                                      : std::max(1u, std::thread::hardware_concurrency());
    caller = make_callable_evaluator(
        objective, [&interruption] { interruption.request(); }, threads);
    caller_name = callable_objective_name(objective);
  }
  host::RunResult result = translated(ErrorKind::run, [&] {
    const py::gil_scoped_release release;
    host::RunOptions options;
    options.overwrite = overwrite;
    options.sync = sync;
    options.progress = false;
    options.stop = &interruption.stop();
    options.stop_signal = &interruption.signal();
    if (caller) {
      options.caller_evaluator = caller.get();
      options.caller_objective_name = caller_name;
      options.caller_evaluator_kinds = {"serial", "threads"};
    }
    return host::run_experiment(e, *registry, options);
  });
  if (interruption.requested()) {
    // The record says `stopped` (resumable with `bopp resume` where a plugin evaluated it).
    PyErr_SetString(PyExc_KeyboardInterrupt,
                    ("bopp.run stopped; its record: " + result.record.string()).c_str());
    throw py::error_already_set();
  }
  py::dict d;
  d["record"] = path_text(result.record.string());
  d["status"] = std::string(host::to_string(result.status));
  d["message"] = message_text(result.message);
  d["evaluations"] = result.evaluations;
  d["failed_evaluations"] = result.failed_evaluations;
  if (result.best) {
    py::dict best;
    best["index"] = result.best->index;
    best["x"] = result.best->x;
    best["y"] = result.best->y;
    d["best"] = best;
  } else {
    d["best"] = py::none();
  }
  d["recommended"] = std::vector<double>(result.recommended.begin(), result.recommended.end());
  d["optimum"] = optional_json(result.optimum);
  return d;
}

}  // namespace

void bind_runs(py::module_& m) {
  m.def("run", &run, py::arg("experiment"), py::kw_only(), py::arg("output") = py::none(),
        py::arg("overwrite") = false, py::arg("sync") = true, py::arg("plugin_path") = py::none(),
        py::arg("objective") = py::none(), R"doc(
Runs an experiment as `bopp run` does and writes the same run record (docs/run-record.md).

`experiment` is an experiment file's TOML text or a dict of its tables ({"run": {...},
"objective": {"name": ...}, "algorithm": {...}}); `output` overrides [run] output. Returns a
dict: record (folder), status, message, evaluations, failed_evaluations, best ({index, x, y}
or None), recommended, optimum. The GIL is released during the run.

`objective`, a callable, evaluates the points in place of the [objective] plugin, whose
problem (bounds, sense, optimum) the run still solves: `objective(x)` gets one point (a 1-D
float64 array) and returns a float; an exception or NaN is a failed evaluation with the
exception's one line as its message. run.json names it "python:<__qualname__>". Only the
serial [evaluator] may run it; the GIL is taken only while it is called.)doc");
  m.def("list_plugins", &list_plugins, py::arg("plugin_path") = py::none(),
        "Every algorithm and objective found, as dicts (name, kind, version, summary, library, "
        "library_version, path), as `bopp list` shows them.");
  m.def("describe", &describe, py::arg("name"), py::arg("plugin_path") = py::none(),
        "One plugin and its parameters (name, type, default, help, minimum, maximum, "
        "choices), as `bopp describe` shows them.");
}

}  // namespace bopp::python
