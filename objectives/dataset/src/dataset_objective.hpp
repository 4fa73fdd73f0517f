// The dataset objective: a finite domain read from a CSV file (docs/objectives/dataset.md).
// Its candidates are the distinct feature rows, its value the target rescaled to [0, 1] plus
// Gaussian noise drawn from the point's seed, maximized, with the known optimum 1.
#pragma once

#include "csv_table.hpp"
#include "data_set.hpp"

#include <bopp/bo/portable_random.hpp>
#include <bopp/config_schema.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace bopp::dataset {

class DatasetObjective {
 public:
  static constexpr const char* name = "dataset";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "a finite set of points from a CSV file, one column the target (rescaled to [0, 1]), "
      "maximized";

  static std::vector<Param> params() {
    return {
        Param::string("path", "",
                      "the CSV file: a header line, then one row per point (a regular file of at "
                      "most 1 GiB; a relative path is taken from the working folder)")
            .make_required(),
        Param::string("target", "",
                      "the target column: a header name, or a 0-based column index; empty: the "
                      "last column"),
        Param::real("noise_std", 0.01,
                    "standard deviation of the Gaussian noise added to every value, drawn "
                    "from the evaluation's seed")
            .at_least(0.0),
    };
  }

  DatasetObjective(const Config& config, std::uint64_t, const Host& host)
      : source_(path_from(config)),
        data_(load(source_, config.string("target"))),
        noise_std_(config.real("noise_std")) {
    host.info("read " + std::to_string(data_.candidates().rows()) + " candidates of dimension " +
              std::to_string(data_.candidates().cols()) + " from '" + source_ + "'" +
              (data_.merged_rows() > 0 ? " (" + std::to_string(data_.merged_rows()) +
                                             " rows repeated an earlier row's features: each "
                                             "such group is one candidate, its mean target)"
                                       : ""));
  }

  Problem problem() const {
    Problem p;
    const Points& X = data_.candidates();
    p.lower = X.colwise().minCoeff().transpose();
    p.upper = X.colwise().maxCoeff().transpose();
    p.sense = Sense::maximize;
    p.candidates = X;
    Eigen::Index best = 0;
    p.optimum_value = data_.values().maxCoeff(&best);
    p.optimizer = X.row(best).transpose();
    p.noise_std = noise_std_;
    p.thread_safe = true;  // evaluate reads only constants; its noise comes from the point's seed
    return p;
  }

  double evaluate(const Eigen::VectorXd& x, std::uint64_t seed) const {
    const std::optional<Eigen::Index> row = data_.find(x);
    if (!row)
      throw std::runtime_error("the point " + point_text(x) + " is not a row of '" + source_ + "'");
    const double value = data_.values()[*row];
    if (!(noise_std_ > 0.0)) return value;
    std::mt19937_64 bits(seed);
    return value + noise_std_ * bo::standard_normal(bits);
  }

 private:
  static std::string path_from(const Config& config) {
    std::string path = config.string("path");
    if (path.empty()) {
      const toml::node* node = config.table().get("path");
      throw SchemaError("path", node != nullptr ? node->source().begin.line : 0,
                        "key 'path' of objective 'dataset' must name a CSV file");
    }
    return path;
  }

  static DataSet load(const std::string& source, const std::string& target) {
    const CsvTable table = read_csv_table(source);
    return DataSet(table, target_column(table, target, source), source);
  }

  // Every coordinate with 17 significant digits, so the message names the point exactly.
  static std::string point_text(const Eigen::VectorXd& x) {
    std::string text = "(";
    char buffer[32];
    for (Eigen::Index k = 0; k < x.size(); ++k) {
      std::snprintf(buffer, sizeof buffer, "%.17g", x[k]);
      text += (k > 0 ? ", " : "") + std::string(buffer);
    }
    return text + ")";
  }

  std::string source_;
  DataSet data_;
  double noise_std_;
};

}  // namespace bopp::dataset
