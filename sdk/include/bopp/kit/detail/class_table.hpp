// bopp/kit/detail/class_table.hpp: what every algorithm and objective class table starts with.
#pragma once

#include <bopp/config_schema.hpp>
#include <bopp/kit/config.hpp>
#include <bopp/kit/param.hpp>

#include <string>
#include <string_view>

namespace bopp::kit {

// The C schema of class T, built once from T::params() and kept while the library is loaded.
template <class T>
const ParamTable& param_table() {
  static const ParamTable table(T::params());
  return table;
}

// T's configuration text, checked against its schema; `kind` names it in messages
// ("algorithm 'gibo'").
template <class T>
Config parse_config(const char* text, std::string_view kind) {
  const ParamTable& params = param_table<T>();
  return Config::parse(text != nullptr ? text : "", {params.data(), params.size()},
                       std::string(kind) + " '" + T::name + "'");
}

// A class table (bopp_algorithm_class or bopp_objective_class) with its common head filled:
// struct_size, name, version, summary and the schema. The caller adds the functions.
template <class Table, class T>
Table class_table_head() {
  Table t{};
  t.struct_size = sizeof(Table);
  t.name = T::name;
  t.version = T::version;
  t.summary = T::summary;
  t.params = param_table<T>().data();
  t.param_count = param_table<T>().size();
  return t;
}

}  // namespace bopp::kit
