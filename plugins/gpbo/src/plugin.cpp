// The gpbo library's one exported symbol.
#include "gpbo.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("gpbo", "1.3.0", bopp::Algorithm<bopp::gpbo::Gpbo>)
