// Random search: the baseline every method is compared with.
//
// Proposes points drawn uniformly in the box (std::mt19937_64 from the seed) or taken from a
// digitally shifted Sobol sequence (bopp/bo/sobol_sequence.hpp), and remembers the best successful
// observation. When the objective poses a finite candidate set, it samples candidate rows
// instead, without replacement until every row has been proposed once, then starts a new
// random pass over them; `design` is unused then. Integer and categorical coordinates are
// returned anywhere in the box: the host rounds them.
#pragma once

#include <bopp/bo/sobol_sequence.hpp>

#include <bopp/plugin.hpp>

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <vector>

namespace bopp::random_search {

class RandomSearch {
 public:
  static constexpr const char* name = "random";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "random search: uniform or Sobol points in the box, or rows of the candidate set";
  static std::vector<Param> params();
  // Its points never depend on what it was told, so points still pending change nothing.
  static constexpr bool asks_with_pending = true;

  // Throws SchemaError when design = "sobol" and the problem has more dimensions than the
  // Sobol tables, std::invalid_argument when a bound is not finite.
  RandomSearch(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host);

  // Exactly max_points points.
  Points ask(std::size_t max_points);
  // Keeps the best successful observation (largest y); failed points are ignored.
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  // The best point told so far, or the box centre before any success.
  Eigen::VectorXd recommend() const;

  // Checkpoints: the generator or Sobol position, the candidate shuffle and the best point.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  void next_box_point(std::span<double> out);
  Eigen::Index next_candidate();

  Problem problem_;
  std::mt19937_64 rng_;
  std::optional<bo::SobolSequence> sobol_;  // set when design = "sobol" on a box
  std::vector<Eigen::Index> permutation_;   // candidate rows; [0, drawn_) proposed this pass
  std::size_t drawn_ = 0;
  std::optional<double> best_y_;
  Eigen::VectorXd best_x_;
};

}  // namespace bopp::random_search
