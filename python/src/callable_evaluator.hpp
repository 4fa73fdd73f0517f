// The evaluator of bopp.run(objective=callable): each point handed to a Python callable.
#pragma once

#include <bopp/host/run/evaluators/evaluator.hpp>

#include <pybind11/pybind11.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace bopp::python {

// "python:" and the callable's __qualname__ (its type's for an object without one): what
// run.json and `bopp report` call the objective.
std::string callable_objective_name(const pybind11::handle& callable);

// Evaluates point by point, calling `callable(x)` with x a fresh 1-D float64 array and taking
// its float: on the calling thread (`threads` 0, the serial evaluator), or on `threads`
// threads that each take the next point of the batch (the threads evaluator). The GIL is taken
// only around each call, so the run itself may hold none, and calls overlap only where the
// callable releases the GIL (NumPy, I/O, a subprocess). An Exception raised by the callable, a
// value that is not a float, NaN or infinity is a failed evaluation whose message is the
// exception's one line ("ValueError: ..."). KeyboardInterrupt is one too, and calls
// `interrupt` (which stops the run after its batch, as SIGINT does); another BaseException
// that is no Exception (SystemExit) ends the run as failed. Made and destroyed with the GIL held.
std::unique_ptr<host::Evaluator> make_callable_evaluator(pybind11::object callable,
                                                         std::function<void()> interrupt,
                                                         std::uint32_t threads);

}  // namespace bopp::python
