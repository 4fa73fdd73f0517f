// bopp/host/common/json_text.hpp: the text of a JSON document bopp writes to a file.
#pragma once

#include <string>

namespace bopp::host {

// The one place where strings from outside (a path, a program's output, a plugin's failure
// message, a Python exception) are made safe for the JSON writer: bytes that are not UTF-8
// (also a character cut in the middle) are written as U+FFFD, the replacement character, so
// they show as replaced and the file stays valid JSON; nlohmann's default would throw, and the
// host would stop with a record that says "running" (docs/run-record.md, "Strings").
template <class Json>
std::string json_text(const Json& document, int indent = -1) {
  return document.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace bopp::host
