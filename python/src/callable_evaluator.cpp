#include "callable_evaluator.hpp"

#include <bopp/host/common/errors.hpp>

#include <pybind11/numpy.h>

#include <chrono>
#include <cmath>
#include <limits>

namespace bopp::python {
namespace {

namespace py = pybind11;
using Clock = std::chrono::steady_clock;

// `text` as UTF-8. A Python str may hold lone surrogates, which UTF-8 cannot encode: they are
// written as backslash escapes ("\\ud800"), visibly, rather than failing the run.
std::string utf8_of(const py::handle& text) {
  const py::object bytes = py::reinterpret_steal<py::object>(
      PyUnicode_AsEncodedString(py::str(text).ptr(), "utf-8", "backslashreplace"));
  if (!bytes) throw py::error_already_set();
  return bytes.cast<std::string>();
}

// The first line of "<type name>: <str(value)>", as a record's message holds one line.
std::string one_line(const py::error_already_set& e) {
  std::string text = utf8_of(e.type().attr("__name__"));
  const std::string value = utf8_of(e.value());
  if (!value.empty()) text += ": " + value;
  return text.substr(0, text.find('\n'));
}

class CallableEvaluator final : public host::Evaluator {
 public:
  explicit CallableEvaluator(py::object callable)
      : callable_(std::move(callable)), name_(callable_objective_name(callable_)) {}

  ~CallableEvaluator() override {
    const py::gil_scoped_acquire gil;
    callable_ = py::object();
  }

  void evaluate(const bopp::Points& X, std::span<const std::uint64_t>,
                std::span<host::Evaluation> out) override {
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      const auto start = Clock::now();
      host::Evaluation& e = out[static_cast<std::size_t>(r)];
      e = call(host::point_of(X, r));
      e.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    }
  }

  std::string describe() const override { return "serial"; }

 private:
  host::Evaluation call(std::span<const double> x) {
    host::Evaluation e;
    e.y = std::numeric_limits<double>::quiet_NaN();
    const py::gil_scoped_acquire gil;
    try {
      const py::array_t<double> point(static_cast<py::ssize_t>(x.size()), x.data());
      const double y = py::float_(callable_(point)).cast<double>();
      if (std::isfinite(y)) {
        e.ok = true;
        e.y = y;
      } else {
        e.message = std::isnan(y) ? "the objective returned NaN"
                                  : "the objective returned an infinite value";
      }
    } catch (py::error_already_set& error) {
      if (!error.matches(PyExc_Exception)) {
        throw host::Error(name_ + " raised " + one_line(error) + "; the run stops");
      }
      e.message = one_line(error);
    }
    return e;
  }

  py::object callable_;
  std::string name_;
};

}  // namespace

std::string callable_objective_name(const py::handle& callable) {
  const py::object named = py::hasattr(callable, "__qualname__")
                               ? py::reinterpret_borrow<py::object>(callable)
                               : py::object(py::type::of(callable));
  return "python:" + py::str(named.attr("__qualname__")).cast<std::string>();
}

std::unique_ptr<host::Evaluator> make_callable_evaluator(py::object callable) {
  return std::make_unique<CallableEvaluator>(std::move(callable));
}

}  // namespace bopp::python
