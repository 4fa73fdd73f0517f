#include <bopp/host/common/errors.hpp>

namespace bopp::host {

PluginMisbehaving::PluginMisbehaving(const std::string& what)
    : Error("plugin misbehaving: " + what) {}

}  // namespace bopp::host
