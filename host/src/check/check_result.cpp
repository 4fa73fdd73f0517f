#include <bopp/host/check/check_result.hpp>

#include <exception>

namespace bopp::host {

bool run_check(const std::string& subject, const std::string& check, const CheckSink& sink,
               const std::function<std::string()>& body) {
  CheckResult result{subject, check, false, ""};
  try {
    result.message = body();
    result.passed = result.message.empty();
  } catch (const std::exception& e) {
    result.message = e.what();
  } catch (...) {
    result.message = "an exception that is not a std::exception";
  }
  sink(result);
  return result.passed;
}

}  // namespace bopp::host
