// bopp/host/check/check_output.hpp: the results of `bopp check` as text lines or JSON.
#pragma once

#include <bopp/host/check/check_result.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace bopp::host {

// "ok      ask-in-bounds  random" or "FAILED  ask-in-bounds  random: <message>".
std::string check_line(const CheckResult& result);

// [{"class": ..., "check": ..., "passed": ..., "message": ...}, ...]
nlohmann::json check_json(const std::vector<CheckResult>& results);

}  // namespace bopp::host
