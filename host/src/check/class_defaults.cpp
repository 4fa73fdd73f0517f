#include <bopp/host/check/class_defaults.hpp>
#include <bopp/host/common/errors.hpp>

#include <sstream>
#include <utility>

namespace bopp::host {
namespace {

bool has_required_key(ParamList params) {
  for (const bopp_param* p : params) {
    if (p->default_value == nullptr) return true;
  }
  return false;
}

}  // namespace

std::optional<std::string> check_defaults(const std::string& subject, ParamList params,
                                          toml::table given, const CheckSink& sink) {
  toml::table table = std::move(given);
  std::string keys;  // the keys set, for the note
  for (auto&& [key, value] : table) keys += (keys.empty() ? "" : ", ") + std::string(key.str());
  try {
    check_table(table, params, subject, "", "bopp check");
  } catch (const Error& e) {
    // A required key is the author's choice; the message must say so, and the class cannot
    // be exercised without a value for it.
    const std::string message = e.what();
    const bool required = has_required_key(params);
    sink({subject, "defaults", required,
          required ? "a key is required, so the other checks are skipped (give it with --set): " +
                         message
          : keys.empty() ? "an empty table is refused: " + message
                         : "the table with " + keys + " set is refused: " + message});
    return std::nullopt;
  }
  sink({subject, "defaults", true, keys.empty() ? "" : "with --set " + keys});
  std::ostringstream text;
  text << table;
  return text.str();
}

}  // namespace bopp::host
