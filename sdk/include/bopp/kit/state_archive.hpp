// bopp/kit/state_archive.hpp: an algorithm's state as named fields, for checkpoints.
//
// An algorithm class that can be checkpointed adds two members:
//   void save(bopp::StateArchive& archive) const;   // archive.write("key", member) ...
//   void restore(const bopp::StateArchive& archive);  // archive.read("key", member) ...
// and may set `static constexpr int state_format = N;` (default 1), raised whenever what save
// writes changes meaning. The kit stores the fields as CBOR (nlohmann-json's binary format) inside
// an envelope naming the class, its version and the format, and refuses another's bytes.
//
// A field is a number, bool, string, enum, std::optional or std::vector of fields, a dense Eigen
// matrix or vector, a std::mt19937_64, or any object with the same save/restore pair (written as a
// nested archive). Doubles and matrices are stored as their bytes, so every value, NaN payloads
// and signed zeros included, comes back bit for bit.
#pragma once

#include <Eigen/Core>
#include <nlohmann/json.hpp>

#include <concepts>
#include <cstdint>
#include <cstring>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace bopp {

// A state that cannot be read: missing field, wrong type or size, corrupt bytes.
class StateError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class StateArchive;

template <class V>
concept SavesState = requires(const V& value, StateArchive& archive) {
  value.save(archive);
};
template <class V>
concept RestoresState = requires(V& value, const StateArchive& archive) {
  value.restore(archive);
};

class StateArchive {
 public:
  StateArchive() = default;
  // Reads fields written earlier; `path` names this archive in error messages.
  StateArchive(nlohmann::json fields, std::string path)
      : fields_(std::move(fields)), path_(std::move(path)) {
    if (!fields_.is_object()) throw StateError("state: '" + path_ + "' is not a set of fields");
  }

  template <class V>
  void write(std::string_view key, const V& value) {
    fields_[std::string(key)] = encode(value, name_of(key));
  }

  // Throws StateError naming the field when it is absent or not what `value` is.
  template <class V>
  void read(std::string_view key, V& value) const {
    const auto it = fields_.find(std::string(key));
    if (it == fields_.end()) throw StateError("state: field '" + name_of(key) + "' is missing");
    decode(*it, value, name_of(key));
  }

  bool contains(std::string_view key) const { return fields_.contains(std::string(key)); }
  const nlohmann::json& fields() const { return fields_; }

 private:
  using Bytes = nlohmann::json::binary_t;

  std::string name_of(std::string_view key) const {
    return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  }

  [[noreturn]] static void wrong(const std::string& name, const char* expected) {
    throw StateError("state: field '" + name + "' is not " + expected);
  }

  template <class T>
  static Bytes bytes_of(const T* data, std::size_t count) {
    Bytes bytes(std::vector<std::uint8_t>(count * sizeof(T)));
    if (count != 0) std::memcpy(bytes.data(), data, count * sizeof(T));
    return bytes;
  }
  template <class T>
  static std::size_t count_in(const nlohmann::json& j, const std::string& name) {
    if (!j.is_binary() || j.get_binary().size() % sizeof(T) != 0) wrong(name, "an array of bytes");
    return j.get_binary().size() / sizeof(T);
  }

  template <class V>
  static nlohmann::json encode(const V& value, const std::string& name) {
    if constexpr (std::is_same_v<V, bool>) {
      return value;
    } else if constexpr (std::is_enum_v<V>) {
      return static_cast<std::int64_t>(value);
    } else if constexpr (std::is_integral_v<V>) {
      return value;
    } else if constexpr (std::is_floating_point_v<V>) {
      return bytes_of(&value, 1);
    } else if constexpr (std::is_convertible_v<const V&, std::string_view>) {
      return std::string(std::string_view(value));
    } else if constexpr (std::is_same_v<V, std::mt19937_64>) {
      std::ostringstream text;  // the standard fixes this text form of the engine's state
      text << value;
      return text.str();
    } else if constexpr (SavesState<V>) {
      StateArchive nested;
      nested.path_ = name;
      value.save(nested);
      return std::move(nested.fields_);
    } else if constexpr (requires {
                           typename V::Scalar;
                           typename V::PlainObject;
                           value.rows();
                         }) {
      using Scalar = typename V::Scalar;
      static_assert(std::is_arithmetic_v<Scalar>, "StateArchive: matrices of numbers only");
      const typename V::PlainObject plain = value;
      return nlohmann::json{
          {"rows", static_cast<std::int64_t>(plain.rows())},
          {"cols", static_cast<std::int64_t>(plain.cols())},
          {"data", bytes_of(plain.data(), static_cast<std::size_t>(plain.size()))}};
    } else if constexpr (requires {
                           typename V::value_type;
                           value.has_value();
                         }) {
      return value ? encode(*value, name) : nlohmann::json(nullptr);
    } else if constexpr (requires {
                           typename V::value_type;
                           value.size();
                           value.begin();
                         }) {
      using Element = typename V::value_type;
      if constexpr (std::is_arithmetic_v<Element> && !std::is_same_v<Element, bool>) {
        return bytes_of(value.data(), value.size());
      } else {
        nlohmann::json array = nlohmann::json::array();
        for (const auto& element : value) array.push_back(encode(element, name + "[]"));
        return array;
      }
    } else {
      static_assert(sizeof(V) == 0, "StateArchive cannot write this type");
    }
  }

  template <class V>
  static void decode(const nlohmann::json& j, V& value, const std::string& name) {
    if constexpr (std::is_same_v<V, bool>) {
      if (!j.is_boolean()) wrong(name, "a bool");
      value = j.get<bool>();
    } else if constexpr (std::is_enum_v<V>) {
      if (!j.is_number_integer()) wrong(name, "an enumerator");
      value = static_cast<V>(j.get<std::int64_t>());
    } else if constexpr (std::is_integral_v<V>) {
      if (!j.is_number_integer()) wrong(name, "an integer");
      const bool fits = j.is_number_unsigned() ? std::in_range<V>(j.get<std::uint64_t>())
                                               : std::in_range<V>(j.get<std::int64_t>());
      if (!fits) wrong(name, "an integer in range");
      value = j.is_number_unsigned() ? static_cast<V>(j.get<std::uint64_t>())
                                     : static_cast<V>(j.get<std::int64_t>());
    } else if constexpr (std::is_floating_point_v<V>) {
      if (count_in<V>(j, name) != 1) wrong(name, "one number");
      std::memcpy(&value, j.get_binary().data(), sizeof(V));
    } else if constexpr (std::is_same_v<V, std::string>) {
      if (!j.is_string()) wrong(name, "a string");
      value = j.get<std::string>();
    } else if constexpr (std::is_same_v<V, std::mt19937_64>) {
      if (!j.is_string()) wrong(name, "a random generator");
      std::istringstream text(j.get<std::string>());
      text >> value;
      if (text.fail()) wrong(name, "a random generator");
    } else if constexpr (RestoresState<V>) {
      value.restore(StateArchive(j, name));
    } else if constexpr (requires {
                           typename V::Scalar;
                           value.resize(0, 0);
                           value.data();
                         }) {
      using Scalar = typename V::Scalar;
      if (!j.is_object() || !j.contains("rows") || !j.contains("cols") || !j.contains("data") ||
          !j["rows"].is_number_integer() || !j["cols"].is_number_integer()) {
        wrong(name, "a matrix");
      }
      const auto rows = j["rows"].get<std::int64_t>();
      const auto cols = j["cols"].get<std::int64_t>();
      const std::size_t count = count_in<Scalar>(j["data"], name);
      if (rows < 0 || cols < 0 || static_cast<std::uint64_t>(rows) * cols != count ||
          (V::RowsAtCompileTime != Eigen::Dynamic && rows != V::RowsAtCompileTime) ||
          (V::ColsAtCompileTime != Eigen::Dynamic && cols != V::ColsAtCompileTime)) {
        wrong(name, "a matrix of the recorded size");
      }
      typename V::PlainObject plain(rows, cols);
      if (count != 0)
        std::memcpy(plain.data(), j["data"].get_binary().data(), count * sizeof(Scalar));
      value = plain;
    } else if constexpr (requires {
                           typename V::value_type;
                           value.reset();
                           value.emplace();
                         }) {
      if (j.is_null()) {
        value.reset();
      } else {
        decode(j, value.emplace(), name);
      }
    } else if constexpr (requires {
                           typename V::value_type;
                           value.resize(0);
                           value.data();
                         }) {
      using Element = typename V::value_type;
      if constexpr (std::is_arithmetic_v<Element> && !std::is_same_v<Element, bool>) {
        value.resize(count_in<Element>(j, name));
        if (!value.empty())
          std::memcpy(value.data(), j.get_binary().data(), value.size() * sizeof(Element));
      } else {
        if (!j.is_array()) wrong(name, "a list");
        value.clear();
        value.reserve(j.size());
        for (const auto& element : j) decode(element, value.emplace_back(), name + "[]");
      }
    } else {
      static_assert(sizeof(V) == 0, "StateArchive cannot read this type");
    }
  }

  nlohmann::json fields_ = nlohmann::json::object();
  std::string path_;
};

}  // namespace bopp
