#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/loop/run_footprint.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <limits>

namespace bopp::host {
namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

std::uint64_t saturating_multiply(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > kMax / a) return kMax;
  return a * b;
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return a > kMax - b ? kMax : a + b;
}

// "12.8 GB": decimal units, as free(1) -h and the reader's intuition use.
std::string bytes_text(std::uint64_t bytes) {
  if (bytes == kMax) return "more than 18 EB";
  const char* units[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
  double value = static_cast<double>(bytes);
  std::size_t unit = 0;
  while (value >= 1000.0 && unit + 1 < std::size(units)) {
    value /= 1000.0;
    ++unit;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f %s", value, units[unit]);
  return buffer;
}

}  // namespace

std::uint64_t run_memory_ceiling() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGESIZE);
  // Unknown memory: a fixed 4 GB, small enough for any machine that runs bopp at all.
  if (pages <= 0 || page_size <= 0) return std::uint64_t{4} << 30;
  return saturating_multiply(static_cast<std::uint64_t>(pages),
                             static_cast<std::uint64_t>(page_size)) /
         2;
}

std::uint64_t run_footprint_bytes(std::uint64_t budget, std::uint64_t batch, std::uint64_t dim) {
  const std::uint64_t rows = std::min(batch, budget);
  const std::uint64_t batch_bytes =
      saturating_multiply(saturating_multiply(rows, dim), kBytesPerBatchCoordinate);
  const std::uint64_t told_bytes = saturating_multiply(saturating_multiply(budget, dim), 8);
  return saturating_add(batch_bytes, told_bytes);
}

void check_run_fits(const Experiment& experiment, std::uint64_t dim, const std::string& dim_key,
                    std::uint64_t ceiling) {
  const std::uint64_t needed = run_footprint_bytes(experiment.budget, experiment.batch, dim);
  if (needed <= ceiling) return;
  // The key to name: the dimension's when one point alone is too big, then batch when the
  // points of one batch are, else budget (the points told to the algorithm).
  const std::uint64_t rows = std::min(experiment.batch, experiment.budget);
  std::string key = "[run] budget";
  if (run_footprint_bytes(1, 1, dim) > ceiling) {
    key = dim_key.empty() ? "the objective's dimension" : dim_key;
  } else if (saturating_multiply(saturating_multiply(rows, dim), kBytesPerBatchCoordinate) >
             ceiling) {
    key = "[run] batch";
  }
  const std::string dim_text =
      (dim_key.empty() ? "dimension " : dim_key + " = ") + std::to_string(dim);
  throw Error(experiment.source + ": " + key + " too large: budget = " +
              std::to_string(experiment.budget) + ", batch = " + std::to_string(experiment.batch) +
              " and " + dim_text + " need about " + bytes_text(needed) +
              " for the points alone, more than this machine can hold (the ceiling is " +
              bytes_text(ceiling) + ", half its memory); lower " + key +
              (key != dim_key && !dim_key.empty() ? " (or " + dim_key + ")" : ""));
}

std::optional<std::uint64_t> configured_dim(const Experiment& experiment) {
  const std::optional<std::int64_t> dim = experiment.objective.config["dim"].value<std::int64_t>();
  if (!dim || *dim < 1) return std::nullopt;
  return static_cast<std::uint64_t>(*dim);
}

}  // namespace bopp::host
