#include <bopp/host/run/loop/seeds.hpp>

namespace bopp::host {
namespace {
// Distinct streams, so no two derived seeds coincide for the same run seed.
constexpr std::uint64_t kEvaluationStream = 0x65'76'61'6c'75'61'74'65ULL;  // "evaluate"
constexpr std::uint64_t kAlgorithmStream = 0x61'6c'67'6f'72'69'74'6dULL;   // "algoritm"
constexpr std::uint64_t kObjectiveStream = 0x6f'62'6a'65'63'74'69'76ULL;   // "objectiv"
constexpr std::uint64_t kDesignStream = 0x64'65'73'69'67'6e'00'00ULL;      // "design"
}  // namespace

std::uint64_t evaluation_seed(std::uint64_t run_seed, std::uint64_t index) {
  return mix64(mix64(run_seed ^ kEvaluationStream) + index);
}

std::vector<std::uint64_t> evaluation_seeds(std::uint64_t run_seed, std::uint64_t first,
                                            std::size_t count) {
  std::vector<std::uint64_t> seeds(count);
  for (std::size_t i = 0; i < count; ++i) seeds[i] = evaluation_seed(run_seed, first + i);
  return seeds;
}

std::uint64_t algorithm_seed(std::uint64_t run_seed) { return mix64(run_seed ^ kAlgorithmStream); }

std::uint64_t objective_seed(std::uint64_t run_seed) { return mix64(run_seed ^ kObjectiveStream); }

std::uint64_t design_seed(std::uint64_t run_seed) { return mix64(run_seed ^ kDesignStream); }

}  // namespace bopp::host
