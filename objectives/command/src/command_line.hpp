// What the program of the command objective is given for one point: its arguments and
// standard input.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bopp::command {

// The shortest text that reads back as exactly `value`.
std::string number_text(double value);

// The argv list of the configuration, written as a JSON array of strings
// ('["python3", "model.py", "{x0}"]'); nullopt with `why` set when it is not one.
std::optional<std::vector<std::string>> parse_argv(const std::string& text, std::string& why);

// `argv` with "{x<i>}" replaced by coordinate i and "{seed}" by the seed; when `append` and
// no argument names a coordinate, the coordinates follow as arguments of their own.
std::vector<std::string> point_arguments(const std::vector<std::string>& argv,
                                         std::span<const double> x, std::uint64_t seed,
                                         bool append);

// {"x": [...], "seed": n} and a newline.
std::string point_json(std::span<const double> x, std::uint64_t seed);

// y from a program's standard output: its last non-empty line, which must be one number
// and nothing else; nullopt otherwise.
std::optional<double> parse_last_line(const std::string& out);

}  // namespace bopp::command
