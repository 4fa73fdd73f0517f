// The gibo library's one exported symbol.
#include "gibo.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("gibo", "0.1.0", bopp::Algorithm<bopp::gibo::Gibo>)
