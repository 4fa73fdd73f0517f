// bopp/kit/param.hpp: declaring a plugin's parameters in C++.
#pragma once

#include <bopp/abi.h>

#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

namespace bopp {

// One parameter of a plugin's schema, as a plugin author declares it:
//   bopp::Param::real("lr", 0.25, "step size").range(0, 10)
// The kit turns a list of these into the static bopp_param array of the ABI.
struct Param {
  std::string name;
  std::int32_t type = BOPP_PARAM_REAL;
  std::string default_value;  // TOML value text
  bool required = false;      // no default: the user must give it
  bool optional = false;      // no default, may be absent
  std::string help;
  double minimum = -std::numeric_limits<double>::infinity();
  double maximum = std::numeric_limits<double>::infinity();
  std::string choices;  // "a|b|c"

  static Param real(std::string name, double def, std::string help) {
    return make(std::move(name), BOPP_PARAM_REAL, number_text(def), std::move(help));
  }
  static Param integer(std::string name, long long def, std::string help) {
    return make(std::move(name), BOPP_PARAM_INT, std::to_string(def), std::move(help));
  }
  static Param boolean(std::string name, bool def, std::string help) {
    return make(std::move(name), BOPP_PARAM_BOOL, def ? "true" : "false", std::move(help));
  }
  static Param string(std::string name, const std::string& def, std::string help) {
    return make(std::move(name), BOPP_PARAM_STRING, quoted(def), std::move(help));
  }
  // A string restricted to `choices` ("uniform|sobol"); `def` must be one of them.
  static Param choice(std::string name, const std::string& def, std::string choices,
                      std::string help) {
    Param p = string(std::move(name), def, std::move(help));
    p.choices = std::move(choices);
    return p;
  }
  static Param reals(std::string name, const std::vector<double>& def, std::string help) {
    std::string text = "[";
    for (std::size_t i = 0; i < def.size(); ++i) text += (i ? ", " : "") + number_text(def[i]);
    return make(std::move(name), BOPP_PARAM_REAL_LIST, text + "]", std::move(help));
  }

  Param& range(double lo, double hi) {
    minimum = lo;
    maximum = hi;
    return *this;
  }
  Param& at_least(double lo) {
    minimum = lo;
    return *this;
  }
  // No default: the configuration must name it.
  Param& make_required() {
    required = true;
    return *this;
  }
  // No default: the configuration may leave it out (check with Config::has).
  Param& make_optional() {
    optional = true;
    return *this;
  }

 private:
  static Param make(std::string name, std::int32_t type, std::string def, std::string help) {
    Param p;
    p.name = std::move(name);
    p.type = type;
    p.default_value = std::move(def);
    p.help = std::move(help);
    return p;
  }
  static std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    return out + "\"";
  }
  // Shortest text that reads back as the same double, and always a TOML float.
  static std::string number_text(double v) {
    char buffer[32];
    for (int precision = 1; precision <= 17; ++precision) {
      std::snprintf(buffer, sizeof buffer, "%.*g", precision, v);
      if (std::strtod(buffer, nullptr) == v) break;
    }
    std::string s = buffer;
    if (s == "inf") return "inf";
    if (s == "-inf") return "-inf";
    if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
    return s;
  }
};

// Owns the C view of a list of Params for as long as the library is loaded.
class ParamTable {
 public:
  explicit ParamTable(std::vector<Param> params) : params_(std::move(params)) {
    c_.reserve(params_.size());
    for (const Param& p : params_) {
      bopp_param c{};
      c.struct_size = sizeof(bopp_param);
      c.name = p.name.c_str();
      c.type = p.type;
      c.default_value = p.required ? nullptr : p.optional ? "" : p.default_value.c_str();
      c.help = p.help.c_str();
      c.minimum = p.minimum;
      c.maximum = p.maximum;
      c.choices = p.choices.empty() ? nullptr : p.choices.c_str();
      c_.push_back(c);
    }
    for (const bopp_param& c : c_) pointers_.push_back(&c);
  }
  ParamTable(const ParamTable&) = delete;
  ParamTable& operator=(const ParamTable&) = delete;

  const bopp_param* const* data() const { return pointers_.data(); }
  std::uint32_t size() const { return static_cast<std::uint32_t>(pointers_.size()); }

 private:
  std::vector<Param> params_;
  std::vector<bopp_param> c_;
  std::vector<const bopp_param*> pointers_;
};

}  // namespace bopp
