#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/typed_config.hpp>

#include <toml++/toml.h>

namespace bopp::host {

TypedConfig::TypedConfig(std::span<const bopp_param* const> params,
                         const std::string& config_toml) {
  toml::table table;
  try {
    table = toml::parse(config_toml);
  } catch (const toml::parse_error& e) {
    // The host wrote the text itself from a checked table: this is a bug, not a user's error.
    throw Error(std::string("internal: the configuration text does not parse: ") +
                std::string(e.description()));
  }
  for (const bopp_param* p : params) {
    const toml::node* node = table.get(p->name);
    if (node == nullptr) continue;  // an optional key left out
    auto owned = std::make_unique<Owned>();
    owned->name = p->name;
    bopp_config_entry& e = owned->entry;
    e.struct_size = sizeof(bopp_config_entry);
    e.type = p->type;
    switch (p->type) {
      case BOPP_PARAM_BOOL:
        e.boolean = node->value<bool>().value_or(false) ? 1 : 0;
        break;
      case BOPP_PARAM_INT:
        e.integer = node->value<std::int64_t>().value_or(0);
        break;
      case BOPP_PARAM_REAL:
        e.real = node->value<double>().value_or(0.0);
        break;
      case BOPP_PARAM_STRING:
        owned->text = node->value<std::string>().value_or("");
        break;
      case BOPP_PARAM_REAL_LIST:
        if (const toml::array* a = node->as_array()) {
          for (const toml::node& v : *a) owned->reals.push_back(v.value<double>().value_or(0.0));
        }
        break;
      default:
        break;
    }
    // Pointers last: the strings and the vector no longer move (the Owned is on the heap).
    e.name = owned->name.c_str();
    if (p->type == BOPP_PARAM_STRING) e.string = owned->text.c_str();
    if (!owned->reals.empty()) e.reals = owned->reals.data();
    e.real_count = owned->reals.size();
    pointers_.push_back(&owned->entry);
    owned_.push_back(std::move(owned));
  }
}

bopp_host TypedConfig::attach(const bopp_host& services) const {
  bopp_host h = services;
  h.struct_size = sizeof(bopp_host);
  h.config = pointers_.empty() ? nullptr : pointers_.data();
  h.config_count = static_cast<std::uint32_t>(pointers_.size());
  return h;
}

}  // namespace bopp::host
