// bopp/config_schema.hpp: checks a plugin's TOML configuration table against the
// parameter schema it declares (bopp_param), and fills in defaults.
//
// Used on both sides of the boundary: the host checks the user's table before it creates
// a plugin (so a typo names the file, line and key), and the authoring kit checks again
// what it receives (so a plugin is safe in any host). Header-only.
#pragma once

#include <bopp/abi.h>
#include <bopp/kit/message_text.hpp>

#include <toml++/toml.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace bopp {

// A configuration that does not fit the schema. `line` is the line of the offending key in
// the TOML source (0 when unknown, e.g. a missing key).
class SchemaError : public std::runtime_error {
 public:
  SchemaError(std::string key, std::uint32_t line, const std::string& message)
      : std::runtime_error(message), key_(std::move(key)), line_(line) {}
  const std::string& key() const { return key_; }
  std::uint32_t line() const { return line_; }

 private:
  std::string key_;
  std::uint32_t line_;
};

inline const char* param_type_name(std::int32_t type) {
  switch (type) {
    case BOPP_PARAM_BOOL:
      return "bool";
    case BOPP_PARAM_INT:
      return "integer";
    case BOPP_PARAM_REAL:
      return "real";
    case BOPP_PARAM_STRING:
      return "string";
    case BOPP_PARAM_REAL_LIST:
      return "list of reals";
    default:
      return "unknown type";
  }
}

// Splits "a|b|c" into its choices.
inline std::vector<std::string> split_choices(const char* choices) {
  std::vector<std::string> out;
  if (choices == nullptr) return out;
  std::string_view rest(choices);
  while (!rest.empty()) {
    auto bar = rest.find('|');
    out.emplace_back(rest.substr(0, bar));
    if (bar == std::string_view::npos) break;
    rest.remove_prefix(bar + 1);
  }
  return out;
}

namespace schema_detail {

inline std::uint32_t line_of(const toml::node& node) {
  return static_cast<std::uint32_t>(node.source().begin.line);
}

inline std::string describe_range(const bopp_param& p) {
  std::ostringstream s;
  s.precision(17);
  bool lo = std::isfinite(p.minimum), hi = std::isfinite(p.maximum);
  if (lo && hi)
    s << " in [" << p.minimum << ", " << p.maximum << "]";
  else if (lo)
    s << " >= " << p.minimum;
  else if (hi)
    s << " <= " << p.maximum;
  return s.str();
}

inline void check_number(const bopp_param& p, double value, std::uint32_t line,
                         std::string_view owner) {
  if (value < p.minimum || value > p.maximum || std::isnan(value)) {
    std::ostringstream s;
    s.precision(17);
    s << "key '" << p.name << "' of " << owner << " must be " << param_type_name(p.type)
      << describe_range(p) << ", got " << value;
    throw SchemaError(p.name, line, s.str());
  }
}

[[noreturn]] inline void wrong_type(const bopp_param& p, const toml::node& node,
                                    std::string_view owner) {
  std::ostringstream s;
  s << "key '" << p.name << "' of " << owner << " must be " << param_type_name(p.type)
    << describe_range(p) << ", got " << node.type();
  throw SchemaError(p.name, line_of(node), s.str());
}

// Whether the parameter's default is, or holds, `infinity`: the one way a schema says that an
// infinite value means something (a bound that may be open, a limit that may be lifted).
inline bool default_holds(const bopp_param& p, double infinity) {
  if (p.default_value == nullptr || p.default_value[0] == '\0') return false;
  try {
    const toml::table holder = toml::parse(std::string("v = ") + p.default_value);
    const toml::node* node = holder.get("v");
    if (node == nullptr) return false;
    if (const toml::array* array = node->as_array()) {
      for (const toml::node& element : *array)
        if (element.value<double>() == infinity) return true;
      return false;
    }
    return node->value<double>() == infinity;
  } catch (const toml::parse_error&) {
    return false;
  }
}

// A real from a TOML number. An integer is widened only when a double holds it exactly
// (|v| <= 2^53), and an infinity is accepted only where the default holds the same one.
inline double real_value(const bopp_param& p, const toml::node& node, std::string_view owner) {
  if (!node.is_number()) wrong_type(p, node, owner);
  if (const auto* integer = node.as_integer()) {
    constexpr std::int64_t exact = std::int64_t{1} << std::numeric_limits<double>::digits;
    const std::int64_t v = integer->get();
    if (v > exact || v < -exact) {
      throw SchemaError(p.name, line_of(node),
                        "key '" + std::string(p.name) + "' of " + std::string(owner) +
                            " must be real" + describe_range(p) + ", got the integer " +
                            std::to_string(v) +
                            ", beyond ±2^53 where doubles no longer hold every integer (write it "
                            "as a float, e.g. 1e19)");
    }
    return static_cast<double>(v);
  }
  const double v = node.as_floating_point()->get();
  if (std::isinf(v) && !default_holds(p, v)) {
    throw SchemaError(p.name, line_of(node),
                      "key '" + std::string(p.name) + "' of " + std::string(owner) +
                          " must be a finite real" + describe_range(p) + ", got " +
                          (v > 0 ? "inf" : "-inf"));
  }
  return v;
}

// Checks one value and stores it in canonical form (integers widened to reals).
inline void check_value(const bopp_param& p, toml::table& table, std::string_view owner) {
  toml::node& node = *table.get(p.name);
  const std::uint32_t line = line_of(node);
  switch (p.type) {
    case BOPP_PARAM_BOOL:
      if (!node.is_boolean()) wrong_type(p, node, owner);
      return;
    case BOPP_PARAM_INT: {
      auto v = node.value_exact<std::int64_t>();
      if (!v) wrong_type(p, node, owner);
      check_number(p, static_cast<double>(*v), line, owner);
      return;
    }
    case BOPP_PARAM_REAL: {
      const double v = real_value(p, node, owner);
      check_number(p, v, line, owner);
      if (node.is_integer()) table.insert_or_assign(p.name, v);
      return;
    }
    case BOPP_PARAM_STRING: {
      if (!node.is_string()) wrong_type(p, node, owner);
      auto choices = split_choices(p.choices);
      if (choices.empty()) return;
      const std::string& v = node.as_string()->get();
      for (const auto& c : choices)
        if (c == v) return;
      std::ostringstream s;
      s << "key '" << p.name << "' of " << owner << " must be one of " << p.choices << ", got \""
        << echo(v) << "\"";
      throw SchemaError(p.name, line, s.str());
    }
    case BOPP_PARAM_REAL_LIST: {
      auto* array = node.as_array();
      if (array == nullptr) wrong_type(p, node, owner);
      toml::array canonical;
      for (auto& element : *array) {
        const double v = real_value(p, element, owner);
        check_number(p, v, line_of(element), owner);
        canonical.push_back(v);
      }
      table.insert_or_assign(p.name, std::move(canonical));
      return;
    }
    default:
      throw SchemaError(
          p.name, line,
          "key '" + std::string(p.name) + "' of " + std::string(owner) + " has an unknown type");
  }
}

// The parameter's default, parsed. A default that is not one TOML value is the plugin's fault,
// reported as a schema error naming the key rather than a parse error about "v".
inline toml::table parsed_default(const bopp_param& p, std::string_view owner) {
  std::string why;
  try {
    toml::table holder = toml::parse(std::string("v = ") + p.default_value);
    if (holder.size() == 1) return holder;
    why = "more than one value";
  } catch (const toml::parse_error& e) {
    why = std::string(e.description());
  }
  throw SchemaError(p.name, 0,
                    "parameter '" + std::string(p.name) + "' of " + std::string(owner) +
                        " declares the default \"" + echo(p.default_value) +
                        "\", which is not a TOML value (" + why + ")");
}

}  // namespace schema_detail

// The names of the parameters, comma-separated, for error messages.
inline std::string allowed_keys(std::span<const bopp_param* const> params) {
  std::string out;
  for (const bopp_param* p : params) {
    if (!out.empty()) out += ", ";
    out += p->name;
  }
  return out.empty() ? std::string("(none)") : out;
}

// Checks `table` against `params` and fills defaults in place. `owner` names the plugin in
// messages ("algorithm 'gibo'"). Throws SchemaError on the first problem found: an unknown
// key, a missing required key, a wrong type, a value out of range or not among the choices.
inline void apply_schema(toml::table& table, std::span<const bopp_param* const> params,
                         std::string_view owner) {
  for (auto&& [key, node] : table) {
    bool known = false;
    for (const bopp_param* p : params) known = known || key.str() == p->name;
    if (!known) {
      throw SchemaError(std::string(key.str()), schema_detail::line_of(node),
                        "unknown key '" + echo(key.str()) + "' for " + std::string(owner) +
                            "; allowed keys: " + allowed_keys(params));
    }
  }
  for (const bopp_param* p : params) {
    if (!table.contains(p->name)) {
      if (p->default_value == nullptr) {
        throw SchemaError(p->name, 0,
                          "missing required key '" + std::string(p->name) + "' (" +
                              param_type_name(p->type) + ") for " + std::string(owner));
      }
      if (p->default_value[0] == '\0') continue;  // optional, no default
      const toml::table holder = schema_detail::parsed_default(*p, owner);
      table.insert_or_assign(p->name, *holder.get("v"));
    }
    schema_detail::check_value(*p, table, owner);
  }
}

}  // namespace bopp
