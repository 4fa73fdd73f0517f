#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/json_file.hpp>

#include <fstream>

namespace bopp::host {

nlohmann::json read_json_file(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw Error(file.string() + ": cannot read");
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw Error(file.string() + ": not valid JSON: " + e.what());
  }
}

}  // namespace bopp::host
