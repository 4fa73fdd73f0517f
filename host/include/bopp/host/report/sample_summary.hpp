// bopp/host/report/sample_summary.hpp: mean, standard error and median of a sample, as every
// table of `bopp report` gives them.
#pragma once

#include <cstddef>
#include <vector>

namespace bopp::host {

// Mean, standard error of the mean (sample sd / sqrt(n); NaN when n < 2) and median of
// the finite values of a sample; NaN everywhere when there are none.
struct SampleSummary {
  std::size_t n = 0;
  double mean = 0.0;
  double se = 0.0;
  double median = 0.0;
};
SampleSummary summarize_sample(const std::vector<double>& values);

}  // namespace bopp::host
