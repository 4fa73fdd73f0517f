#include "toml_from_python.hpp"

#include <utility>

namespace bopp::python {
namespace {

namespace py = pybind11;

[[noreturn]] void unsupported(const py::handle& value, const std::string& where) {
  throw py::type_error(where + ": a " + std::string(py::str(py::type::of(value).attr("__name__"))) +
                       " has no TOML value; use bool, int, float, str, a list or a dict");
}

toml::array toml_from_list(const py::handle& list, const std::string& where);

// One value; the bool test comes first, as Python's bool is an int.
template <class Insert>
void insert_value(const py::handle& value, const std::string& where, Insert&& insert) {
  if (py::isinstance<py::bool_>(value)) {
    insert(value.cast<bool>());
  } else if (py::isinstance<py::int_>(value)) {
    insert(value.cast<std::int64_t>());
  } else if (py::isinstance<py::float_>(value)) {
    insert(value.cast<double>());
  } else if (py::isinstance<py::str>(value)) {
    insert(value.cast<std::string>());
  } else if (py::isinstance<py::dict>(value)) {
    insert(toml_from_dict(value.cast<py::dict>(), where));
  } else if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    insert(toml_from_list(value, where));
  } else if (py::hasattr(value, "item") && py::hasattr(value, "dtype")) {
    insert_value(value.attr("item")(), where, std::forward<Insert>(insert));  // a numpy scalar
  } else if (py::hasattr(value, "tolist")) {
    insert_value(value.attr("tolist")(), where, std::forward<Insert>(insert));  // a numpy array
  } else {
    unsupported(value, where);
  }
}

toml::array toml_from_list(const py::handle& list, const std::string& where) {
  toml::array array;
  for (const py::handle item : list) {
    insert_value(item, where, [&](auto&& v) { array.push_back(std::forward<decltype(v)>(v)); });
  }
  return array;
}

}  // namespace

toml::table toml_from_dict(const py::dict& dict, const std::string& where) {
  toml::table table;
  for (const auto& [key, value] : dict) {
    if (!py::isinstance<py::str>(key)) {
      throw py::type_error(where + ": keys must be strings, not " + std::string(py::repr(key)));
    }
    const std::string name = key.cast<std::string>();
    if (value.is_none()) continue;
    insert_value(value, where + " key '" + name + "'",
                 [&](auto&& v) { table.insert_or_assign(name, std::forward<decltype(v)>(v)); });
  }
  return table;
}

}  // namespace bopp::python
