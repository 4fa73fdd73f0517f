#include <bopp/host/bench/bench_progress.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>

#include <nlohmann/json.hpp>

namespace bopp::host {

void BenchProgress::count(BenchRunState state) {
  switch (state) {
    case BenchRunState::completed:
    case BenchRunState::skipped:
      ++completed;
      break;
    case BenchRunState::failed:
      ++failed;
      break;
    case BenchRunState::running:
      ++running;
      break;
    case BenchRunState::stopped:
      ++stopped;
      break;
    case BenchRunState::pending:
      ++pending;
      break;
  }
}

BenchProgress bench_progress(const std::vector<BenchRunState>& states) {
  BenchProgress p;
  for (const BenchRunState s : states) p.count(s);
  return p;
}

std::optional<BenchProgress> read_bench_progress(const std::filesystem::path& folder) {
  std::optional<std::string> text;
  try {
    text = read_folder_file(folder / "index.json");
  } catch (const Error&) {
    return std::nullopt;
  }
  if (!text) return std::nullopt;
  const nlohmann::json index = nlohmann::json::parse(*text, nullptr, false);
  const auto runs = index.is_object() ? index.find("runs") : index.end();
  if (!index.is_object() || runs == index.end() || !runs->is_array()) return std::nullopt;
  BenchProgress p;
  for (const nlohmann::json& r : *runs) {
    const auto status = r.is_object() ? r.find("status") : r.end();
    const bool named = r.is_object() && status != r.end() && status->is_string();
    p.count(parse_bench_run_state(named ? status->get<std::string>() : "")
                .value_or(BenchRunState::pending));
  }
  return p;
}

}  // namespace bopp::host
