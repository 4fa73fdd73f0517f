#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/input/set_option.hpp>

#include <cstdio>
#include <optional>

namespace bopp::host {
namespace {

std::string expected_key(const SetShape& shape) {
  return std::string("expected ") + shape.pattern + ", the key a TOML key path (e.g. --set " +
         shape.example + ")";
}
constexpr const char* kExpectedValue =
    "expected one TOML value after '=' and nothing after it (a number, boolean, "
    "\"quoted string\", array or inline table; a single word needs no quotes)";

bool is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

// Whether `text` is well-formed UTF-8 (RFC 3629: shortest forms, no surrogates, <= U+10FFFF).
// TOML is UTF-8, and TOML++'s decoder is not to be trusted with anything else.
bool is_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80           ? 1
                               : (lead >> 5) == 0x6  ? 2
                               : (lead >> 4) == 0xE  ? 3
                               : (lead >> 3) == 0x1E ? 4
                                                     : 0;
    if (length == 0 || i + length > text.size()) return false;
    char32_t c = length == 1 ? lead : lead & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      c = (c << 6) | (next & 0x3F);
    }
    const char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < smallest[length] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
    i += length;
  }
  return true;
}

// The key path of a document that holds exactly one chain of single-key tables ending in a
// value that is not a table; empty when the document is anything else.
std::vector<std::string> single_key_path(const toml::table& document) {
  std::vector<std::string> path;
  const toml::table* table = &document;
  while (table->size() == 1) {
    const auto entry = table->begin();  // its pair lives in the iterator: keep the iterator
    path.emplace_back(entry->first.str());
    if (!entry->second.is_table()) return path;
    table = entry->second.as_table();
  }
  return {};
}

// The characters of `text` outside quoted strings ("..." with backslash escapes, '...'), or
// nullopt when a string is left open or is multi-line. TOML++ 3.3 reaches undefined behaviour (and,
// without NDEBUG, assertions) on some text that is invalid anyway: a non-ASCII character outside a
// string, a '[' where a key should be. Such text is refused before TOML++ sees it; the
// parsing itself is still TOML++'s.
std::optional<std::string> unquoted(std::string_view text) {
  std::string out;
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote == 0) {
      if (c == '"' || c == '\'') {
        // A multi-line string ("""...""") is of no use on one line, and TOML++ 3.3
        // mishandles some text after a backslash in one.
        if (text.substr(i, 3) == std::string(3, c)) return std::nullopt;
        quote = c;
      } else {
        out += c;
      }
    } else if (quote == '"' && c == '\\') {
      ++i;  // the escaped character cannot end the string
    } else if (c == quote) {
      quote = 0;
    }
  }
  if (quote != 0) return std::nullopt;
  return out;
}

// A key path outside its quotes holds bare-key characters, dots and blanks only.
bool could_be_key_path(std::string_view text) {
  const std::optional<std::string> outside = unquoted(text);
  if (!outside) return false;
  for (char c : *outside) {
    const bool bare = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '-';
    if (!bare && c != '.' && c != ' ' && c != '\t') return false;
  }
  return true;
}

// A value outside its strings is ASCII: TOML allows other characters only inside strings.
bool could_be_value(std::string_view text) {
  const std::optional<std::string> outside = unquoted(text);
  if (!outside) return false;
  for (char c : *outside) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

std::size_t codepoints(std::string_view text) {
  std::size_t n = 0;
  for (char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

// Where the key ends: the first '=' whose left side is one TOML key path. A quoted key may
// hold '=' itself, so each '=' is tried in turn.
bool split_key(const std::string& argument, std::vector<std::string>& path, std::string& value) {
  for (std::size_t equals = argument.find('='); equals != std::string::npos;
       equals = argument.find('=', equals + 1)) {
    if (!could_be_key_path(argument.substr(0, equals))) continue;
    toml::table parsed;
    try {
      parsed = toml::parse(argument.substr(0, equals) + " = 0");
    } catch (const toml::parse_error&) {
      continue;
    }
    path = single_key_path(parsed);
    if (path.empty()) continue;
    value = argument.substr(equals + 1);
    return true;
  }
  return false;
}

bool is_bare_word(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (is_control(static_cast<unsigned char>(c)) || c == ' ') return false;
    if (std::string_view("\"'#[]{}=,\\").find(c) != std::string_view::npos) return false;
  }
  return true;
}

std::string rstrip(std::string text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
  return text;
}

// One line, valid UTF-8: what every option's text must be before it is parsed.
void check_text(const std::string& argument, const std::string& label,
                const std::string& expected) {
  for (char c : argument) {
    if (is_control(static_cast<unsigned char>(c)) && c != '\t') {
      throw Error(label + ": a control character (such as a newline) is not allowed; " + expected);
    }
  }
  if (!is_utf8(argument)) throw Error(label + ": not valid UTF-8 text; " + expected);
}

void check_length(const std::vector<std::string>& path, const SetShape& shape,
                  const std::string& label, const char* flag) {
  if (path.size() >= shape.min_keys && path.size() <= shape.max_keys) return;
  std::string lengths = std::to_string(shape.min_keys);
  if (shape.max_keys != shape.min_keys) lengths += " or " + std::to_string(shape.max_keys);
  throw Error(label + ": expected " + shape.pattern + ", a key path of " + lengths +
              (shape.max_keys == 1 ? " key" : " keys") + ", not " + std::to_string(path.size()) +
              " (e.g. " + flag + shape.example + ")");
}

std::string option_label(const char* flag, std::string_view argument) {
  std::string out = flag;
  out += " '";
  for (char c : argument) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (is_control(u)) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\x%02x", u);
      out += escape;
    } else {
      out += c;
    }
  }
  return out + "'";
}

}  // namespace

std::string set_option_label(std::string_view argument) { return option_label("--set", argument); }

std::string unset_option_label(std::string_view argument) {
  return option_label("--unset", argument);
}

SetOption parse_set_option(const std::string& argument, const SetShape& shape) {
  const std::string label = set_option_label(argument);
  check_text(argument, label, expected_key(shape));
  SetOption option;
  option.argument = argument;
  std::string value;
  if (!split_key(argument, option.path, value)) throw Error(label + ": " + expected_key(shape));
  check_length(option.path, shape, label, "--set ");

  const std::string line = "value = " + rstrip(value);
  toml::table table;
  bool is_toml = could_be_value(value);
  try {
    if (is_toml) table = toml::parse(line, label);
  } catch (const toml::parse_error&) {
    is_toml = false;
  }
  if (is_toml) {
    const toml::node* node = table.get("value");
    // A comment after the value ends it early: the value must reach the end of the line.
    if (table.size() != 1 || node == nullptr || node->source().end.column != codepoints(line) + 1) {
      throw Error(label + ": " + kExpectedValue);
    }
    option.holder = std::move(table);
    return option;
  }
  if (!is_bare_word(value)) throw Error(label + ": " + kExpectedValue);
  option.holder.insert("value", value);
  return option;
}

void assign_to(toml::table& table, SetOption& option) {
  toml::table* at = &table;
  std::string where;
  for (std::size_t i = 0; i + 1 < option.path.size(); ++i) {
    const std::string& key = option.path[i];
    where += (where.empty() ? "" : ".") + key;
    toml::node* node = at->get(key);
    if (node == nullptr) {
      at->insert(key, toml::table{});
      node = at->get(key);
    }
    if (!node->is_table()) {
      throw Error(set_option_label(option.argument) + ": '" + where +
                  "' is a value, not a table, so it has no key '" + option.path[i + 1] + "'");
    }
    at = node->as_table();
  }
  at->insert_or_assign(option.path.back(), std::move(option.value()));
}

std::vector<std::string> parse_unset_option(const std::string& argument, const SetShape& shape) {
  const std::string label = unset_option_label(argument);
  // The key of "section.key=value", without "=value".
  const std::string pattern =
      std::string(shape.pattern).substr(0, std::string(shape.pattern).find('='));
  const std::string example =
      std::string(shape.example).substr(0, std::string(shape.example).find('='));
  const std::string expected =
      "expected " + pattern + ", a TOML key path (e.g. --unset " + example + ")";
  check_text(argument, label, expected);
  std::vector<std::string> path;
  if (could_be_key_path(argument)) {
    try {
      path = single_key_path(toml::parse(argument + " = 0"));
    } catch (const toml::parse_error&) {
      path.clear();
    }
  }
  if (path.empty()) throw Error(label + ": " + expected);
  const SetShape unset_shape{shape.min_keys, shape.max_keys, pattern.c_str(), example.c_str()};
  check_length(path, unset_shape, label, "--unset ");
  return path;
}

void remove_from(toml::table& table, const std::vector<std::string>& path,
                 const std::string& argument) {
  toml::table* at = &table;
  for (std::size_t i = 0; i + 1 < path.size() && at != nullptr; ++i) {
    toml::node* node = at->get(path[i]);
    at = node != nullptr ? node->as_table() : nullptr;
  }
  if (at == nullptr || at->erase(path.back()) == 0) {
    throw Error(unset_option_label(argument) + ": the experiment has no such key to remove");
  }
}

}  // namespace bopp::host
