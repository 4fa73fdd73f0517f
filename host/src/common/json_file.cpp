#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/common/json_file.hpp>

namespace bopp::host {

nlohmann::json read_json_file(const std::filesystem::path& file) {
  std::optional<std::string> text;
  try {
    text = read_folder_file(file);
  } catch (const Error& e) {
    throw Error(file.string() + ": cannot read: " + e.what());
  }
  if (!text) throw Error(file.string() + ": cannot read");
  try {
    return nlohmann::json::parse(*text);
  } catch (const nlohmann::json::exception& e) {
    throw Error(file.string() + ": not valid JSON: " + e.what());
  }
}

}  // namespace bopp::host
