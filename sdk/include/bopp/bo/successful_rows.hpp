// bopp/bo/successful_rows.hpp: which rows of a told batch an algorithm learns from.
#pragma once

#include <Eigen/Core>

#include <cstdint>
#include <span>
#include <vector>

namespace bopp::bo {

// The rows whose status is BOPP_OK and whose value is finite, in order. A failed evaluation
// is reported as failed, never as a number (house rule 8, docs/architecture.md); the value
// test keeps a plugin safe when it is driven without the host's checks (tests, embedding).
std::vector<Eigen::Index> successful_rows(const Eigen::VectorXd& y,
                                          std::span<const std::int32_t> status);

// Appends the successful rows of a told batch (X, y, status) to the data set (data_X, data_y)
// an algorithm keeps, in order.
void append_successful_rows(Eigen::MatrixXd& data_X, Eigen::VectorXd& data_y,
                            const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                            std::span<const std::int32_t> status);

}  // namespace bopp::bo
