// bopp.Optimizer: host::Optimizer with NumPy arrays in and out, the GIL released while the
// algorithm or the objective plugin works.
#include "bindings.hpp"
#include "interruptible.hpp"
#include "plugin_folders.hpp"
#include "python_errors.hpp"
#include "toml_from_python.hpp"

#include <bopp/host/common/errors.hpp>
#include <bopp/host/embed/optimizer.hpp>

#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

namespace bopp::python {
namespace {

namespace py = pybind11;
// Row-major, as NumPy's default layout: ask's answer becomes an array without a copy.
using RowPoints = bopp::Points;

// The problem bopp.Optimizer passes: an object with `lower`, `upper`, `kinds` (None, or one of
// "continuous", "integer", "categorical" per dimension), `candidates` (None or an (n, dim)
// array) and `maximize`, checked in Python already.
bopp::Problem problem_of_box(const py::object& box) {
  bopp::Problem p;
  const auto lower = box.attr("lower").cast<std::vector<double>>();
  const auto upper = box.attr("upper").cast<std::vector<double>>();
  p.lower =
      Eigen::Map<const Eigen::VectorXd>(lower.data(), static_cast<Eigen::Index>(lower.size()));
  p.upper =
      Eigen::Map<const Eigen::VectorXd>(upper.data(), static_cast<Eigen::Index>(upper.size()));
  if (!box.attr("kinds").is_none()) {
    for (const auto& kind : box.attr("kinds").cast<std::vector<std::string>>()) {
      p.kinds.push_back(kind == "integer"       ? bopp::DimensionKind::integer
                        : kind == "categorical" ? bopp::DimensionKind::categorical
                                                : bopp::DimensionKind::continuous);
    }
  }
  if (!box.attr("candidates").is_none()) p.candidates = box.attr("candidates").cast<bopp::Points>();
  if (box.attr("maximize").cast<bool>()) p.sense = bopp::Sense::maximize;
  return p;
}

std::vector<double> flat_values(const py::array_t<double, py::array::forcecast>& y) {
  return {y.data(), y.data() + y.size()};
}

// What a call works on, shared by the PyOptimizer and its calls' jobs: a job interrupted by
// Ctrl-C goes on after its caller has gone, even after the PyOptimizer is destroyed.
struct Core {
  std::shared_ptr<const host::PluginRegistry> registry;  // the libraries the optimizer uses
  std::unique_ptr<host::Optimizer> optimizer;
  std::mutex mutex;  // one call at a time into the algorithm, from any thread
  // The slot of an ask interrupted by a signal, filled when that ask ends.
  std::mutex claims_mutex;
  std::shared_ptr<std::optional<RowPoints>> interrupted_ask;
};

// One Optimizer, its calls run through an Interruptible, so Ctrl-C stops a long ask.
class PyOptimizer {
 public:
  PyOptimizer(const std::string& algorithm, const py::object& objective_info, std::uint64_t seed,
              const py::object& config, const py::object& objective_config,
              const py::object& plugin_path)
      : core_(std::make_shared<Core>()) {
    core_->registry = plugin_registry(plugin_path);
    const host::PluginRegistry& registry = *core_->registry;
    host::OptimizerSettings settings;
    settings.source = "bopp.Optimizer";
    settings.algorithm.name = algorithm;
    if (registry.find_algorithm(algorithm) == nullptr) {
      raise_error(ErrorKind::plugin, "bopp.Optimizer: no algorithm named '" + algorithm +
                                         "'; bopp.list_plugins() shows what is installed");
    }
    if (!config.is_none()) settings.algorithm.config = toml_from_dict(config, "config");
    if (py::isinstance<py::str>(objective_info)) {
      settings.objective.emplace();
      settings.objective->name = objective_info.cast<std::string>();
      if (registry.find_objective(settings.objective->name) == nullptr) {
        raise_error(ErrorKind::plugin, "bopp.Optimizer: no objective named '" +
                                           settings.objective->name +
                                           "'; bopp.list_plugins() shows what is installed");
      }
      if (!objective_config.is_none()) {
        settings.objective->config = toml_from_dict(objective_config, "objective_config");
      }
    } else {
      settings.problem = problem_of_box(objective_info);
    }
    settings.seed = seed;
    translated(ErrorKind::config, [&] {
      const py::gil_scoped_release release;
      core_->optimizer = std::make_unique<host::Optimizer>(registry, std::move(settings));
    });
  }

  // Made again from Optimizer.save's bytes (load, unpickling).
  PyOptimizer(const std::string& bytes, const std::string& source, const py::object& plugin_path)
      : core_(std::make_shared<Core>()) {
    core_->registry = plugin_registry(plugin_path);
    translated(ErrorKind::config, [&] {
      const py::gil_scoped_release release;
      const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
      core_->optimizer = host::Optimizer::load(*core_->registry, {data, bytes.size()}, source);
    });
  }

  // An interrupted ask's points are not lost: the ask goes on, and the next ask returns them.
  RowPoints ask(std::size_t max_points) {
    auto slot = std::make_shared<std::optional<RowPoints>>();
    try {
      run(ask_timing_, ErrorKind::plugin, [core = core_, slot, max_points] {
        const std::lock_guard lock(core->mutex);
        {
          const std::lock_guard claims(core->claims_mutex);
          const auto earlier = std::exchange(core->interrupted_ask, nullptr);
          if (earlier && earlier->has_value()) {
            *slot = std::move(*earlier);
            return;
          }
        }
        *slot = core->optimizer->ask(max_points);
      });
    } catch (py::error_already_set&) {
      const std::lock_guard claims(core_->claims_mutex);
      core_->interrupted_ask = slot;
      throw;
    }
    return std::move(**slot);
  }

  void tell(const RowPoints& X, const py::array_t<double, py::array::forcecast>& y,
            const py::object& failed) {
    std::vector<double> values = flat_values(y);
    std::vector<bool> given;
    if (!failed.is_none()) given = failed.cast<std::vector<bool>>();
    // A span needs contiguous bools, which std::vector<bool> does not hold.
    auto marks = std::make_shared<std::vector<char>>(given.begin(), given.end());
    // The host checks the points against the bounds: a point outside is the caller's error.
    run(tell_timing_, ErrorKind::config, [core = core_, X, values = std::move(values), marks] {
      const std::lock_guard lock(core->mutex);
      const auto* first = reinterpret_cast<const bool*>(marks->data());
      core->optimizer->tell(X, values, std::span<const bool>(first, marks->size()));
    });
  }

  Eigen::VectorXd evaluate(const RowPoints& X) {
    auto out = std::make_shared<std::vector<host::Evaluation>>();
    run(evaluate_timing_, ErrorKind::plugin, [core = core_, X, out] {
      const std::lock_guard lock(core->mutex);
      *out = core->optimizer->evaluate(X);
    });
    Eigen::VectorXd y(static_cast<Eigen::Index>(out->size()));
    for (std::size_t i = 0; i < out->size(); ++i) {
      y[static_cast<Eigen::Index>(i)] = (*out)[i].ok ? (*out)[i].y : std::nan("");
    }
    return y;
  }

  Eigen::VectorXd recommend() {
    auto out = std::make_shared<Eigen::VectorXd>();
    run(other_timing_, ErrorKind::plugin, [core = core_, out] {
      const std::lock_guard lock(core->mutex);
      *out = core->optimizer->recommend();
    });
    return *out;
  }

  // The problem and settings, fixed once made: read without the call lock.
  const host::Optimizer& get() const { return *core_->optimizer; }

  // The optimizer's bytes; with `attachment` (what the Python side keeps: its history and a
  // Box's level names) inside them in place of the one it has.
  py::bytes to_bytes(std::optional<std::string> attachment = std::nullopt) {
    auto bytes = std::make_shared<std::vector<std::uint8_t>>();
    run(other_timing_, ErrorKind::plugin, [core = core_, bytes, attachment] {
      const std::lock_guard lock(core->mutex);
      if (attachment) core->optimizer->set_attachment({attachment->begin(), attachment->end()});
      *bytes = core->optimizer->save();
    });
    return {reinterpret_cast<const char*>(bytes->data()), bytes->size()};
  }

  // The attachment the optimizer was saved with (empty bytes when none).
  py::bytes attachment() const {
    std::vector<std::uint8_t> bytes;
    {
      const py::gil_scoped_release release;  // a call finishing in the background holds the lock
      const std::lock_guard lock(core_->mutex);
      bytes = core_->optimizer->attachment();
    }
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
  }

  // Written beside `path` and renamed over it, so a crash leaves the old file or the new one.
  void save(const py::object& path_like, const py::bytes& attachment) {
    const auto path = py::module_::import("os").attr("fspath")(path_like).cast<std::string>();
    const std::string bytes = to_bytes(std::string(attachment));
    const std::string partial = path + ".partial";
    {
      std::ofstream out(partial, std::ios::binary | std::ios::trunc);
      out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      out.flush();
      if (!out) raise_error(ErrorKind::run, "Optimizer.save: cannot write '" + partial + "'");
    }
    std::error_code error;
    std::filesystem::rename(partial, path, error);
    if (error) {
      raise_error(ErrorKind::run, "Optimizer.save: cannot rename '" + partial + "' to '" + path +
                                      "': " + error.message());
    }
  }

  static std::unique_ptr<PyOptimizer> load(const py::object& path_like,
                                           const py::object& plugin_path) {
    const auto path = py::module_::import("os").attr("fspath")(path_like).cast<std::string>();
    std::ifstream in(path, std::ios::binary);
    if (!in) raise_error(ErrorKind::run, "Optimizer.load: cannot read '" + path + "'");
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return std::make_unique<PyOptimizer>(bytes, path, plugin_path);
  }

 private:
  // A call of the algorithm or the objective: interruptible from the main thread, its host
  // errors raised as `kind`.
  template <class Job>
  void run(Interruptible::Timing& timing, ErrorKind kind, Job&& job) {
    translated(kind, [&] { calls_.run(std::forward<Job>(job), timing); });
  }

  std::shared_ptr<Core> core_;
  Interruptible calls_;
  Interruptible::Timing ask_timing_, tell_timing_, evaluate_timing_, other_timing_;
};

}  // namespace

void bind_optimizer(py::module_& m) {
  py::class_<PyOptimizer>(m, "_Optimizer", R"doc(
An algorithm plugin driven from your own loop: ask for points, evaluate them, tell the values.

    opt = bopp.Optimizer("gpbo", objective_info=bopp.Box(lower=[0, 0], upper=[1, 1]), seed=3)
    X = opt.ask(4)          # (n, dim) float64 array, one row a point, 1 <= n <= 4
    opt.tell(X, f(X))       # values in the problem's sense; NaN marks a failed evaluation

`objective_info` is a bopp.Box (minimized unless maximize=True) or the name of an objective
plugin, whose problem is then solved (configured by `objective_config`; evaluate() evaluates
it with the seeds `bopp run` uses). `config` holds the algorithm's keys, checked and completed
with defaults exactly as `bopp run` checks an [algorithm] table. For the same seed, config and
told values the points asked are the same, bit for bit, as those of `bopp run`.
Errors raise bopp.Error with the CLI's one-line message.)doc")
      .def(py::init<const std::string&, const py::object&, std::uint64_t, const py::object&,
                    const py::object&, const py::object&>(),
           py::arg("algorithm"), py::kw_only(), py::arg("objective_info"), py::arg("seed") = 0,
           py::arg("config") = py::none(), py::arg("objective_config") = py::none(),
           py::arg("plugin_path") = py::none())
      .def("ask", &PyOptimizer::ask, py::arg("max_points") = 1,
           "Up to `max_points` points (an (n, dim) array, 1 <= n <= max_points), integer "
           "coordinates rounded. The GIL is released while the algorithm works.")
      .def("tell", &PyOptimizer::tell, py::arg("X"), py::arg("y"), py::arg("failed") = py::none(),
           "Tells the values `y` (one per row of X, in the problem's sense). A row whose value "
           "is NaN or infinite, or whose `failed` mark is True, is told as a failed evaluation.")
      .def("evaluate", &PyOptimizer::evaluate, py::arg("X"),
           "The objective plugin's values of X's rows (NaN where an evaluation failed), with "
           "the seeds `bopp run` gives its evaluations. Only for an objective plugin.")
      .def("recommend", &PyOptimizer::recommend, "The algorithm's recommended point.")
      .def("save", &PyOptimizer::save, py::arg("path"), py::arg("attachment") = py::bytes(),
           "Writes the optimizer (settings, counters, the algorithm's state and `attachment`) "
           "to `path`, atomically. Optimizer.load(path) then asks exactly what this one would "
           "have. Raises bopp.Error when the algorithm cannot save its state.")
      .def_property_readonly("attachment", &PyOptimizer::attachment,
                             "The bytes saved with the optimizer beside its state (empty when "
                             "none).")
      .def_static("load", &PyOptimizer::load, py::arg("path"), py::kw_only(),
                  py::arg("plugin_path") = py::none(),
                  "An optimizer saved by Optimizer.save, with the plugins found on `plugin_path` "
                  "(the default folders when None); the same plugin version must be there.")
      .def(py::pickle([](PyOptimizer& o) { return o.to_bytes(); },
                      [](const py::bytes& bytes) {
                        return std::make_unique<PyOptimizer>(std::string(bytes), "<pickle>",
                                                             py::none());
                      }))
      .def_property_readonly(
          "dim", [](const PyOptimizer& o) { return o.get().problem().dim(); }, "Dimensions.")
      .def_property_readonly(
          "lower", [](const PyOptimizer& o) { return Eigen::VectorXd(o.get().problem().lower); },
          "Lower bounds.")
      .def_property_readonly(
          "upper", [](const PyOptimizer& o) { return Eigen::VectorXd(o.get().problem().upper); },
          "Upper bounds.")
      .def_property_readonly(
          "maximize",
          [](const PyOptimizer& o) { return o.get().problem().sense == bopp::Sense::maximize; },
          "Whether larger values are better (the Box's, or the objective plugin's sense).")
      .def_property_readonly(
          "algorithm", [](const PyOptimizer& o) { return o.get().algorithm_name(); },
          "The algorithm's name.")
      .def_property_readonly(
          "config", [](const PyOptimizer& o) { return o.get().algorithm_config(); },
          "The algorithm's configuration as TOML, every default filled in.")
      .def_property_readonly(
          "told", [](const PyOptimizer& o) { return o.get().told(); }, "Points told so far.");
}

}  // namespace bopp::python
