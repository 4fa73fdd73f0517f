// bopp/host/run/evaluators/serial_evaluator.hpp: one point after the other, on the run's instance.
#pragma once

#include <bopp/host/run/evaluators/evaluator.hpp>

#include <memory>

namespace bopp::host {

std::unique_ptr<Evaluator> make_serial_evaluator(const EvaluatorSetup& setup);

}  // namespace bopp::host
