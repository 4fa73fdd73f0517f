// bopp/host/run/record/json_lines.hpp: reading the JSON-lines files of a run record: whole, or a
// line at a time as a resume does.
#pragma once

#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <exception>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace bopp::host {

// One T per non-empty line of `file`, made by `parse` from the line's JSON; a bad line is an
// Error naming the file, the line and what it should have been (`what`).
template <class T, class Parse>
std::vector<T> read_json_lines(const std::filesystem::path& file, const char* what, Parse parse) {
  std::optional<std::string> text;
  try {
    text = read_folder_file(file);  // never through a link placed in the record
  } catch (const Error& e) {
    throw Error(file.string() + ": cannot read: " + e.what());
  }
  if (!text) throw Error(file.string() + ": cannot read");
  std::istringstream in(std::move(*text));
  std::vector<T> out;
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    try {
      out.push_back(parse(nlohmann::json::parse(line)));
    } catch (const std::exception& e) {
      throw Error(file.string() + ":" + std::to_string(number) + ": not a valid " + what + ": " +
                  e.what());
    }
  }
  return out;
}

// The unsigned integer `key` of one line, when the line is a JSON object holding one; nullopt
// for anything else (a torn or damaged line never throws).
inline std::optional<std::uint64_t> unsigned_in_line(std::string_view line, const char* key) {
  const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  const auto value = j.find(key);
  if (value == j.end() || !value->is_number_unsigned()) return std::nullopt;
  return value->get<std::uint64_t>();
}

}  // namespace bopp::host
