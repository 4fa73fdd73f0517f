#include <bopp/host/check/check_output.hpp>

namespace bopp::host {

std::string check_line(const CheckResult& result) {
  std::string line = result.passed ? "ok      " : "FAILED  ";
  line += result.check;
  constexpr std::size_t kCheckColumn = 22;
  line +=
      std::string(result.check.size() < kCheckColumn ? kCheckColumn - result.check.size() : 1, ' ');
  line += result.subject;
  if (!result.message.empty()) line += ": " + result.message;
  return line;
}

nlohmann::json check_json(const std::vector<CheckResult>& results) {
  nlohmann::json array = nlohmann::json::array();
  for (const CheckResult& r : results) {
    array.push_back(
        {{"class", r.subject}, {"check", r.check}, {"passed", r.passed}, {"message", r.message}});
  }
  return array;
}

}  // namespace bopp::host
