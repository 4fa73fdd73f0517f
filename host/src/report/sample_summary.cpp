#include <bopp/host/report/sample_summary.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace bopp::host {

SampleSummary summarize_sample(const std::vector<double>& values) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> v;
  for (double x : values) {
    if (std::isfinite(x)) v.push_back(x);
  }
  SampleSummary s;
  s.n = v.size();
  if (v.empty()) return {0, kNaN, kNaN, kNaN};
  double sum = 0.0;
  for (double x : v) sum += x;
  s.mean = sum / static_cast<double>(v.size());
  if (v.size() >= 2) {
    double squares = 0.0;
    for (double x : v) squares += (x - s.mean) * (x - s.mean);
    s.se = std::sqrt(squares / static_cast<double>(v.size() - 1)) /
           std::sqrt(static_cast<double>(v.size()));
  } else {
    s.se = kNaN;
  }
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  s.median = v.size() % 2 == 1 ? v[m] : 0.5 * (v[m - 1] + v[m]);
  return s;
}

}  // namespace bopp::host
